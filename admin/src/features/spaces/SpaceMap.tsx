import {
  ActionIcon,
  Button,
  CloseButton,
  Drawer,
  Group,
  getDefaultZIndex,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useGesture } from '@use-gesture/react';
import {
  type Floor,
  type FloorLayoutConfig,
  type PlanPoint,
  type Space,
  type SpaceApprover,
  type SpaceShape,
  duplicateShape,
  gridSteps,
  isValidShape,
  moveShape,
  rectFromCorners,
  resizeShape,
  shapeBounds,
  snapToGrid,
  spaceKindColors,
} from '@vestibule/shared';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { api } from '../../api/apiClient.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { routeTable } from '../routing/index.ts';
import { createMapHistory, type ShapeStep } from './mapHistory.ts';
import {
  BLANK_PLAN,
  PlanLegend,
  PlanPatterns,
  ShapeElement,
  SpaceFigure,
  pixelPoints,
  useKindLetters,
} from './planDrawing.tsx';
import { SpaceForm } from './SpaceForm.tsx';
import { nextName } from './spaceNames.ts';

// The floor's map editor (docs/floors-and-spaces.md, "The screens"). The plan is an SVG <image>
// with the spaces drawn over it in the image's pixels (shapes are kept relative to the image and
// multiplied by its size); panning and zooming change one transform on the group holding both, so
// a floor of 500 desks stays fluid: the shapes are not drawn again while the view moves, and a
// drag of the plan sets that transform on the group itself (the screen is rendered once, as the
// drag ends), as rendering the tools and the side panel on every pointer move costs frames.
// On a phone the side panel would wrap under the map, out of sight: a one-line bar over the map's
// foot names the selected space instead, and its Edit button opens the same form in a drawer.

type Tool = 'select' | 'rect' | 'polygon';
type Corner = 'nw' | 'ne' | 'se' | 'sw';
interface View {
  x: number;
  y: number;
  scale: number;
}
type DragMode =
  | { type: 'pan'; start: View }
  | { type: 'move'; id: string; start: SpaceShape }
  | { type: 'resize'; id: string; corner: Corner; start: SpaceShape }
  | { type: 'draw'; from: PlanPoint }
  | { type: 'none' };

const SCALE_MIN = 0.05;
const SCALE_MAX = 20;
const ZOOM_STEP = 1.25;
/** The viewport's size before it is measured (and in tests, which have no layout). */
const DEFAULT_VIEWPORT = { width: 800, height: 560 };
/** A space added with the keyboard: this wide, relative to the plan, and as tall on screen. */
const NEW_SPACE_SIDE = 0.04;
const HANDLE_PIXELS = 10;

/** The view showing the whole plan in the middle of the viewport. */
function fitted(viewport: { width: number; height: number }, size: { width: number; height: number }): View {
  const scale = Math.min(viewport.width / size.width, viewport.height / size.height);
  return { scale, x: (viewport.width - size.width * scale) / 2, y: (viewport.height - size.height * scale) / 2 };
}

/**
 * Where the map's drawing starts on the screen: inside its border (the view's transform counts
 * from there), so a shape lands under the pointer that drew it.
 */
function contentBox(svg: SVGSVGElement | null): { left: number; top: number } {
  if (!svg) return { left: 0, top: 0 };
  const box = svg.getBoundingClientRect();
  return { left: box.left + svg.clientLeft, top: box.top + svg.clientTop };
}

const transformOf = (view: View) => `translate(${view.x} ${view.y}) scale(${view.scale})`;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const sameShape = (a: SpaceShape | null, b: SpaceShape | null) => JSON.stringify(a) === JSON.stringify(b);
/** Closes a polygon's corners: the doubled ones a double click leaves are dropped. */
const distinctPoints = (points: PlanPoint[]) =>
  points.filter((point, index) => {
    const previous = points[index - 1];
    return !previous || Math.hypot(point.x - previous.x, point.y - previous.y) > 1e-4;
  });

interface SpaceMapProps {
  floor: Floor;
  spaces: Space[];
  setSpaces: (update: (spaces: Space[]) => Space[]) => void;
  approvers: readonly SpaceApprover[];
  onFloorChange: (floor: Floor) => void;
  /** Asks to delete a space (and again when bookings are to come). */
  onDelete: (space: Space) => void;
}

export function SpaceMap({ floor, spaces, setSpaces, approvers, onFloorChange, onDelete }: SpaceMapProps) {
  const { t } = useTranslation();
  const letters = useKindLetters();
  const size = useMemo(
    () => (floor.image ? { width: floor.image.width, height: floor.image.height } : BLANK_PLAN),
    [floor.image],
  );
  const config = floor.config;
  const stepX = config.gridStep;
  const stepY = (config.gridStep * size.width) / size.height;
  const [history] = useState(createMapHistory);
  const canUndo = useStore(history, (state) => state.past.length > 0);
  const canRedo = useStore(history, (state) => state.future.length > 0);
  const [tool, setTool] = useState<Tool>('select');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [live, setLive] = useState<{ id: string; shape: SpaceShape } | null>(null);
  const [draft, setDraft] = useState<SpaceShape | null>(null);
  const [corners, setCorners] = useState<PlanPoint[] | null>(null);
  const [hover, setHover] = useState<PlanPoint | null>(null);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);
  // The view fills the viewport with the plan until it is zoomed or panned (null: fitted).
  const [movedView, setView] = useState<View | null>(null);
  const view = useMemo(() => movedView ?? fitted(viewport, size), [movedView, viewport, size]);
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef(view);
  const spacesRef = useRef(spaces);
  /** The view while the plan is dragged: shown on the group directly, rendered when the drag ends. */
  const panned = useRef<View | null>(null);
  // The gestures and keys read the latest view and spaces; a render during a drag keeps its view.
  useLayoutEffect(() => {
    viewRef.current = panned.current ?? view;
    spacesRef.current = spaces;
    if (panned.current) groupRef.current?.setAttribute('transform', transformOf(panned.current));
  });
  /** The drag's view becomes the rendered one. */
  const endPan = useCallback(() => {
    const last = panned.current;
    panned.current = null;
    if (last) setView(last);
  }, []);
  const focusAfter = useRef<string | null>(null);
  /** What the pointer went down on: a drag's later events are aimed at the map, which captures them. */
  const downOn = useRef<EventTarget | null>(null);
  const selected = spaces.find((space) => space.id === selectedId) ?? null;
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  // The space the phone's drawer edits; kept while the drawer slides away, so it does not empty first.
  const [drawer, setDrawer] = useState<{ id: string; open: boolean } | null>(null);
  const edited = drawer ? spaces.find((space) => space.id === drawer.id) : undefined;
  const closeDrawer = () => setDrawer((current) => current && { ...current, open: false });
  /** Escape in the drawer closes it, unless it closes a list open in it (Mantine marks those). */
  const escapeClosesDrawer = (event: ReactKeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.key === 'Escape' &&
      !event.nativeEvent.isComposing &&
      target.getAttribute('data-mantine-stop-propagation') !== 'true'
    ) {
      closeDrawer();
    }
  };
  const selectedShape = live && live.id === selectedId ? live.shape : (selected?.shape ?? null);

  // The viewport's size, followed as the window changes.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) {
        setViewport({ width: entry.contentRect.width, height: entry.contentRect.height });
      }
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const fit = () => setView(null);

  // A shape added or duplicated with the keyboard gets the focus, so arrows move it at once.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    const element = svgRef.current?.querySelector<SVGGElement>(`[data-space-id="${id}"]`);
    if (element) {
      focusAfter.current = null;
      element.focus();
    }
  });

  /** Zooms to `scale`, keeping the plan's point under (x, y) of the viewport in place. */
  const zoomAt = useCallback(
    (scale: number, x: number, y: number) => {
      endPan();
      setView((moved) => {
        const current = moved ?? viewRef.current;
        const next = clamp(scale, SCALE_MIN, SCALE_MAX);
        const px = (x - current.x) / current.scale;
        const py = (y - current.y) / current.scale;
        return { scale: next, x: x - px * next, y: y - py * next };
      });
    },
    [endPan],
  );
  const zoomBy = (factor: number) => zoomAt(view.scale * factor, viewport.width / 2, viewport.height / 2);

  /** A point of the screen on the plan (0..1), kept inside it. */
  const toPlan = useCallback(
    (clientX: number, clientY: number): PlanPoint => {
      const box = contentBox(svgRef.current);
      const current = viewRef.current;
      const x = (clientX - box.left - current.x) / current.scale / size.width;
      const y = (clientY - box.top - current.y) / current.scale / size.height;
      return { x: clamp(x, 0, 1), y: clamp(y, 0, 1) };
    },
    [size],
  );
  const snapPoint = useCallback(
    (point: PlanPoint): PlanPoint =>
      config.snap ? { x: snapToGrid(point.x, stepX), y: clamp(snapToGrid(point.y, stepY), 0, 1) } : point,
    [config.snap, stepX, stepY],
  );
  /** The shape moved by (dx, dy), its top-left corner on the grid when snapping. */
  const snappedMove = useCallback(
    (shape: SpaceShape, dx: number, dy: number): SpaceShape => {
      if (!config.snap) return moveShape(shape, dx, dy);
      const bounds = shapeBounds(shape);
      return moveShape(shape, snapToGrid(bounds.x + dx, stepX) - bounds.x, snapToGrid(bounds.y + dy, stepY) - bounds.y);
    },
    [config.snap, stepX, stepY],
  );

  const replaceSpace = useCallback(
    (saved: Space) => setSpaces((list) => list.map((space) => (space.id === saved.id ? saved : space))),
    [setSpaces],
  );

  /** Puts a shape on a space and saves it; false when the server refused it (the shape goes back). */
  /** Each space's last save on its way: a space's saves go one after the other, in the order made. */
  const saving = useRef(new Map<string, Promise<unknown>>());
  const saveShape = useCallback(
    async (id: string, before: SpaceShape | null, after: SpaceShape | null): Promise<boolean> => {
      setSpaces((list) => list.map((space) => (space.id === id ? { ...space, shape: after } : space)));
      // Sent after the space's previous save is answered: arrows pressed quickly would otherwise
      // race, and an earlier move landing last would leave the space where it was a step before.
      const run = (saving.current.get(id) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => api.call('PATCH /space/:id', { params: { id }, body: { shape: after } }));
      saving.current.set(id, run);
      const last = () => saving.current.get(id) === run;
      try {
        const saved = await run;
        // A later change is on its way: its answer has the last word.
        if (last()) {
          saving.current.delete(id);
          replaceSpace(saved);
        }
        return true;
      } catch (error) {
        if (last()) saving.current.delete(id);
        setSpaces((list) => list.map((space) => (space.id === id ? { ...space, shape: before } : space)));
        notifications.showError(messageFromError(error));
        return false;
      }
    },
    [setSpaces, replaceSpace],
  );

  /** A drawing operation: saved, and one step of the history. */
  const changeShape = useCallback(
    async (id: string, before: SpaceShape | null, after: SpaceShape) => {
      if (sameShape(before, after)) return;
      const step: ShapeStep = { spaceId: id, before, after };
      history.getState().record(step);
      if (!(await saveShape(id, before, after))) history.getState().forget(id);
    },
    [history, saveShape],
  );

  /** A step of a space deleted since is dropped. */
  const present = (step: ShapeStep | undefined): step is ShapeStep =>
    step !== undefined && spacesRef.current.some((space) => space.id === step.spaceId);
  const undo = async () => {
    const step = history.getState().undo();
    if (present(step) && !(await saveShape(step.spaceId, step.after, step.before)))
      history.getState().restore(step, 'past');
  };
  const redo = async () => {
    const step = history.getState().redo();
    if (present(step) && !(await saveShape(step.spaceId, step.before, step.after)))
      history.getState().restore(step, 'future');
  };

  /** Adds a space (drawn, added with the keyboard or duplicated), selects it and records its drawing. */
  const createSpace = async (fields: Partial<Space> & { name: string; shape: SpaceShape }, focus: boolean) => {
    const kind = fields.kind ?? 'DESK';
    try {
      const created = await api.call('POST /space', {
        body: {
          floorId: floor.id,
          name: fields.name,
          kind,
          color: fields.color ?? spaceKindColors[kind],
          capacity: fields.capacity ?? null,
          public: fields.public ?? true,
          available: fields.available ?? true,
          description: fields.description ?? null,
          approver1Id: fields.approver1?.id ?? null,
          approver2Id: fields.approver2?.id ?? null,
          shape: fields.shape,
        },
      });
      setSpaces((list) => [...list, created]);
      history.getState().record({ spaceId: created.id, before: null, after: fields.shape });
      setSelectedId(created.id);
      if (focus) focusAfter.current = created.id;
      notifications.showSuccess({ key: 'spaces.map.added', params: { name: created.name } });
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const names = () => spacesRef.current.map((space) => space.name);
  /** A first name of its kind: "Desk 1", then the next free one. */
  const freshName = (base: string) => nextName(`${base} 0`, names());

  /** A square space in the middle of what is shown, on the grid. */
  const centreShape = (): SpaceShape => {
    const width = NEW_SPACE_SIDE;
    const height = (NEW_SPACE_SIDE * size.width) / size.height;
    const cx = (viewport.width / 2 - view.x) / view.scale / size.width;
    const cy = (viewport.height / 2 - view.y) / view.scale / size.height;
    const corner = snapPoint({ x: clamp(cx - width / 2, 0, 1 - width), y: clamp(cy - height / 2, 0, 1 - height) });
    return {
      kind: 'rect',
      x: clamp(corner.x, 0, 1 - width),
      y: clamp(corner.y, 0, 1 - height),
      width,
      height,
    };
  };

  const addSpace = () => {
    const kind = selected?.kind ?? 'DESK';
    void createSpace({ name: freshName(t(`spaces.newNames.${kind}`)), kind, shape: centreShape() }, true);
  };

  const duplicate = () => {
    if (!selected?.shape) return;
    const { id: _id, shape, name, ...rest } = selected;
    void createSpace({ ...rest, name: nextName(name, names()), shape: duplicateShape(shape) }, true);
  };

  const place = (space: Space) => {
    setSelectedId(space.id);
    focusAfter.current = space.id;
    void changeShape(space.id, null, centreShape());
  };

  const finishPolygon = () => {
    const points = distinctPoints(corners ?? []);
    setCorners(null);
    setHover(null);
    if (points.length < 3) return;
    const shape: SpaceShape = { kind: 'polygon', points };
    if (!isValidShape(shape)) {
      notifications.showError({ key: 'errors.SPACE_SHAPE_INVALID' });
      return;
    }
    void createSpace({ name: freshName(t('spaces.newNames.ROOM')), kind: 'ROOM', shape }, false);
  };

  const saveConfig = async (change: Partial<FloorLayoutConfig>) => {
    try {
      onFloorChange(
        await api.call('PATCH /floor/:id/layoutConfig', { params: { id: floor.id }, body: { ...config, ...change } }),
      );
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  useGesture(
    {
      onDrag: ({
        first,
        last,
        tap,
        movement: [mx, my],
        xy: [cx, cy],
        initial: [ix, iy],
        event,
        memo,
        pinching,
        cancel,
      }) => {
        if (pinching) {
          endPan();
          cancel();
          return memo as DragMode;
        }
        let mode = memo as DragMode | undefined;
        if (first || !mode) mode = startDrag(downOn.current ?? event.target, ix, iy);
        const current = viewRef.current;
        if (tap) {
          setLive(null);
          setDraft(null);
          if (tool === 'polygon') setCorners((points) => [...(points ?? []), snapPoint(toPlan(ix, iy))]);
          else if (mode.type === 'pan') setSelectedId(null);
          return mode;
        }
        const dx = mx / current.scale / size.width;
        const dy = my / current.scale / size.height;
        if (mode.type === 'pan') {
          const next = { ...mode.start, x: mode.start.x + mx, y: mode.start.y + my };
          panned.current = next;
          viewRef.current = next;
          if (last) endPan();
          else groupRef.current?.setAttribute('transform', transformOf(next));
        } else if (mode.type === 'move' || mode.type === 'resize') {
          const shape =
            mode.type === 'move' ? snappedMove(mode.start, dx, dy) : resized(mode.start, mode.corner, cx, cy);
          if (last) {
            setLive(null);
            void changeShape(mode.id, mode.start, shape);
          } else {
            setLive({ id: mode.id, shape });
          }
        } else if (mode.type === 'draw') {
          const shape = rectFromCorners(mode.from, snapPoint(toPlan(cx, cy)));
          if (last) {
            setDraft(null);
            if (isValidShape(shape)) void createSpace({ name: freshName(t('spaces.newNames.DESK')), shape }, false);
          } else {
            setDraft(shape);
          }
        }
        return mode;
      },
      onPointerDown: ({ event }) => {
        downOn.current = event.target;
      },
      onMove: ({ xy: [x, y] }) => {
        if (tool === 'polygon' && corners) setHover(snapPoint(toPlan(x, y)));
      },
      onWheel: ({ event, delta: [, deltaY], xy: [x, y], ctrlKey }) => {
        if (ctrlKey) return;
        event.preventDefault();
        const box = contentBox(svgRef.current);
        zoomAt(viewRef.current.scale * Math.exp(-deltaY * 0.0015), x - box.left, y - box.top);
      },
      onPinch: ({ offset: [scale], origin: [x, y], event }) => {
        event.preventDefault();
        const box = contentBox(svgRef.current);
        zoomAt(scale, x - box.left, y - box.top);
      },
    },
    {
      target: svgRef,
      eventOptions: { passive: false },
      // The arrow keys are the map's own (a grid step, saved), not the gesture's.
      drag: { filterTaps: true, pointer: { buttons: [1], keys: false } },
      pinch: { from: () => [viewRef.current.scale, 0], scaleBounds: { min: SCALE_MIN, max: SCALE_MAX } },
    },
  );

  function startDrag(target: EventTarget | null, x: number, y: number): DragMode {
    const element = target instanceof Element ? target : null;
    const handle = element?.closest<SVGElement>('[data-handle]');
    if (handle && selectedId && selectedShape) {
      return { type: 'resize', id: selectedId, corner: handle.dataset.handle as Corner, start: selectedShape };
    }
    if (tool === 'rect') return { type: 'draw', from: snapPoint(toPlan(x, y)) };
    if (tool === 'polygon') return { type: 'none' };
    const id = element?.closest<SVGElement>('[data-space-id]')?.dataset.spaceId;
    const space = spacesRef.current.find((candidate) => candidate.id === id);
    if (space?.shape) {
      setSelectedId(space.id);
      return { type: 'move', id: space.id, start: space.shape };
    }
    return { type: 'pan', start: viewRef.current };
  }

  function resized(start: SpaceShape, corner: Corner, clientX: number, clientY: number): SpaceShape {
    const bounds = shapeBounds(start);
    const fixed = {
      x: corner.includes('w') ? bounds.x + bounds.width : bounds.x,
      y: corner.includes('n') ? bounds.y + bounds.height : bounds.y,
    };
    return resizeShape(start, rectFromCorners(fixed, snapPoint(toPlan(clientX, clientY))));
  }

  const onKeyDown = (event: ReactKeyboardEvent<SVGSVGElement>) => {
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (command && key === 'z') {
      event.preventDefault();
      void (event.shiftKey ? redo() : undo());
      return;
    }
    if (command && key === 'y') {
      event.preventDefault();
      void redo();
      return;
    }
    if (command && key === 'd') {
      event.preventDefault();
      duplicate();
      return;
    }
    if (corners && event.key === 'Enter') {
      event.preventDefault();
      finishPolygon();
      return;
    }
    if (event.key === 'Escape' && (corners || draft)) {
      event.preventDefault();
      setCorners(null);
      setHover(null);
      setDraft(null);
      return;
    }
    if (!selected?.shape) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete(selected);
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const arrow = arrows[event.key];
    if (!arrow) return;
    event.preventDefault();
    const times = event.shiftKey && !event.altKey ? 10 : 1;
    const [ax, ay] = arrow;
    const before = selected.shape;
    if (event.shiftKey && event.altKey) {
      const bounds = shapeBounds(before);
      const width = clamp(bounds.width + ax * stepX, stepX, 1 - bounds.x);
      const height = clamp(bounds.height + ay * stepY, stepY, 1 - bounds.y);
      void changeShape(selected.id, before, resizeShape(before, { x: bounds.x, y: bounds.y, width, height }));
    } else {
      void changeShape(selected.id, before, snappedMove(before, ax * stepX * times, ay * stepY * times));
    }
  };

  const placed = useMemo(() => spaces.filter((space) => space.shape !== null), [spaces]);
  const unplaced = spaces.filter((space) => space.shape === null);
  const handleSize = HANDLE_PIXELS / view.scale;
  const selectedBounds = selectedShape ? shapeBounds(selectedShape) : null;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('spaces.map.tool')}
          value={tool}
          onChange={(value) => {
            setTool(value as Tool);
            setCorners(null);
            setHover(null);
          }}
          data={[
            { value: 'select', label: t('spaces.map.tools.select') },
            { value: 'rect', label: t('spaces.map.tools.rect') },
            { value: 'polygon', label: t('spaces.map.tools.polygon') },
          ]}
        />
        <Button variant="default" onClick={addSpace}>
          {t('spaces.map.addSpace')}
        </Button>
        <Button variant="default" onClick={duplicate} disabled={!selected?.shape}>
          {t('spaces.map.duplicate')}
        </Button>
        <Button variant="default" onClick={undo} disabled={!canUndo}>
          {t('spaces.map.undo')}
        </Button>
        <Button variant="default" onClick={redo} disabled={!canRedo}>
          {t('spaces.map.redo')}
        </Button>
        <Group gap={4}>
          <Tooltip label={t('spaces.map.zoomIn')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('spaces.map.zoomIn')}
              onClick={() => zoomBy(ZOOM_STEP)}
            >
              +
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('spaces.map.zoomOut')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('spaces.map.zoomOut')}
              onClick={() => zoomBy(1 / ZOOM_STEP)}
            >
              −
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={fit}>
            {t('spaces.map.fit')}
          </Button>
        </Group>
      </Group>
      <Group gap="md" align="center" wrap="wrap">
        <Switch
          label={t('spaces.map.snap')}
          checked={config.snap}
          onChange={(event) => void saveConfig({ snap: event.currentTarget.checked })}
        />
        <Select
          label={t('spaces.map.gridStep')}
          data={gridSteps.map((step) => ({
            value: String(step),
            label: t('spaces.map.gridStepValue', { percent: step * 100 }),
          }))}
          value={String(config.gridStep)}
          allowDeselect={false}
          onChange={(value) => value && void saveConfig({ gridStep: Number(value) as FloorLayoutConfig['gridStep'] })}
          w={190}
          size="xs"
        />
        <Switch
          label={t('spaces.map.showNames')}
          checked={config.showNames}
          onChange={(event) => void saveConfig({ showNames: event.currentTarget.checked })}
        />
      </Group>
      {!floor.image && <Text size="sm">{t('spaces.map.noPlan')}</Text>}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div
          ref={boxRef}
          style={{
            flex: '1 1 520px',
            // The whole map in sight under the tools at 1440×900; the how-to below it.
            height: 'max(360px, calc(100vh - 390px))',
            position: 'relative',
          }}
        >
          <svg
            ref={svgRef}
            role="application"
            aria-label={t('spaces.map.label', { name: floor.name })}
            aria-describedby="space-map-help"
            data-testid="space-map"
            // Focusable itself, so the keys (undo, Enter and Escape of a polygon) work before a space is chosen.
            tabIndex={0}
            width="100%"
            height="100%"
            onKeyDown={onKeyDown}
            onDoubleClick={() => tool === 'polygon' && finishPolygon()}
            style={{
              touchAction: 'none',
              userSelect: 'none',
              background: 'var(--mantine-color-gray-1)',
              border: '1px solid var(--mantine-color-gray-4)',
              cursor: tool === 'select' ? 'grab' : 'crosshair',
              display: 'block',
            }}
          >
            <PlanPatterns prefix="map" />
            <g ref={groupRef} transform={transformOf(view)}>
              {floor.image ? (
                <image href={floor.image.url} x={0} y={0} width={size.width} height={size.height} />
              ) : (
                <rect x={0} y={0} width={size.width} height={size.height} fill="#fff" stroke="#bdbdbd" />
              )}
              <ShapesLayer
                spaces={placed}
                live={live}
                selectedId={selectedId}
                size={size}
                letters={letters}
                showNames={config.showNames}
                onFocusSpace={setSelectedId}
              />
              {draft && (
                <ShapeElement
                  shape={draft}
                  size={size}
                  fill="#e65100"
                  fillOpacity={0.2}
                  stroke="#e65100"
                  strokeDasharray="6 4"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              )}
              {corners && corners.length > 0 && (
                <polyline
                  points={pixelPoints({ kind: 'polygon', points: hover ? [...corners, hover] : corners }, size)}
                  fill="#e65100"
                  fillOpacity={0.15}
                  stroke="#e65100"
                  strokeWidth={2}
                  strokeDasharray="6 4"
                  vectorEffect="non-scaling-stroke"
                />
              )}
              {tool === 'select' &&
                selectedBounds &&
                (['nw', 'ne', 'se', 'sw'] as const).map((corner) => {
                  const x = selectedBounds.x + (corner.includes('e') ? selectedBounds.width : 0);
                  const y = selectedBounds.y + (corner.includes('s') ? selectedBounds.height : 0);
                  return (
                    <rect
                      key={corner}
                      data-handle={corner}
                      x={x * size.width - handleSize / 2}
                      y={y * size.height - handleSize / 2}
                      width={handleSize}
                      height={handleSize}
                      fill="#fff"
                      stroke="#e65100"
                      strokeWidth={2}
                      vectorEffect="non-scaling-stroke"
                      style={{ cursor: corner === 'nw' || corner === 'se' ? 'nwse-resize' : 'nesw-resize' }}
                      aria-hidden
                    />
                  );
                })}
            </g>
          </svg>
          {narrow && selected && (
            <Paper
              component="section"
              aria-label={t('spaces.panel.title')}
              withBorder
              shadow="sm"
              px="xs"
              py={6}
              // Over the map's foot: one line, so the selected shape's handles are seldom under it, and
              // out of sight while a shape is moved, resized or drawn, which may pass under it.
              style={{
                position: 'absolute',
                left: 4,
                right: 4,
                bottom: 4,
                opacity: live || draft ? 0 : 1,
                pointerEvents: live || draft ? 'none' : undefined,
                transition: 'opacity 120ms',
              }}
            >
              <Group gap={6} wrap="nowrap">
                <Group gap={6} wrap="nowrap" align="baseline" style={{ flex: 1, minWidth: 0 }}>
                  {/* A long name leaves room for the kind only when there is some: the kind gives way first. */}
                  <Text fw={700} component="h2" size="sm" truncate="end" style={{ flex: '0 1 auto' }}>
                    {selected.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end" style={{ flex: '0 1000 auto', minWidth: 0 }}>
                    {t(`spaces.kinds.${selected.kind}`)}
                  </Text>
                </Group>
                <Button
                  size="xs"
                  px={10}
                  aria-label={t('spaces.edit', { name: selected.name })}
                  onClick={(event) => {
                    // The drawer gives the focus back to what had it; a tap does not focus a button in Safari.
                    event.currentTarget.focus();
                    setDrawer({ id: selected.id, open: true });
                  }}
                >
                  {t('spaces.panel.edit')}
                </Button>
                <CloseButton
                  aria-label={t('spaces.panel.deselect', { name: selected.name })}
                  onClick={() => {
                    setSelectedId(null);
                    svgRef.current?.focus({ preventScroll: true });
                  }}
                />
              </Group>
            </Paper>
          )}
        </div>
        {!narrow && (
          <Paper
            withBorder
            p="md"
            style={{ flex: '0 1 340px' }}
            aria-label={t('spaces.panel.title')}
            component="section"
          >
            {selected ? (
              <Stack gap="sm">
                <Text fw={700} component="h2" size="lg">
                  {selected.name}
                </Text>
                <SpaceEditor
                  key={selected.id}
                  floorId={floor.id}
                  space={selected}
                  approvers={approvers}
                  onSaved={replaceSpace}
                  onCancel={() => setSelectedId(null)}
                  onDelete={onDelete}
                />
              </Stack>
            ) : (
              <Text size="sm">{t('spaces.panel.none')}</Text>
            )}
          </Paper>
        )}
      </div>
      <Drawer.Root
        // Under the dialogs, whichever was mounted first: the question before a deletion shows over it.
        zIndex={getDefaultZIndex('modal') - 1}
        opened={narrow && drawer !== null && drawer.open && drawer.id === selectedId && edited !== undefined}
        onClose={closeDrawer}
        position="bottom"
        size="85%"
        // Mantine closes every open modal on Escape: the question before a deletion, asked over
        // the drawer, would close it too with the form's changes. Only an Escape inside it does
        // (Drawer.Content drops an onKeyDown: its header and body have it).
        closeOnEscape={false}
      >
        <Drawer.Overlay />
        <Drawer.Content>
          {/* role="none": the drawer's title bar is not a second page banner (see AppDialog). */}
          <Drawer.Header role="none" onKeyDown={escapeClosesDrawer}>
            <Drawer.Title>{edited?.name}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('common.close')} />
          </Drawer.Header>
          <Drawer.Body onKeyDown={escapeClosesDrawer}>
            {edited && (
              // The side panel's form and buttons (it is not drawn on a phone, so the ids stay unique).
              <SpaceEditor
                key={edited.id}
                floorId={floor.id}
                space={edited}
                approvers={approvers}
                onSaved={(saved) => {
                  replaceSpace(saved);
                  closeDrawer();
                }}
                onCancel={closeDrawer}
                onDelete={onDelete}
              />
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <Text size="sm" c="dimmed" id="space-map-help">
        {tool === 'polygon'
          ? t('spaces.map.polygonHelp')
          : tool === 'rect'
            ? t('spaces.map.rectHelp')
            : t('spaces.map.help')}
      </Text>
      <PlanLegend spaces={placed} />
      {unplaced.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} component="h2" size="md">
            {t('spaces.map.unplaced', { count: unplaced.length })}
          </Text>
          <Group gap="xs">
            {unplaced.map((space) => (
              <Button key={space.id} size="xs" variant="light" onClick={() => place(space)}>
                {t('spaces.map.place', { name: space.name })}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** The selected space's form and its delete button: the side panel's, or the phone's drawer's. */
function SpaceEditor(props: {
  floorId: string;
  space: Space;
  approvers: readonly SpaceApprover[];
  onSaved: (saved: Space) => void;
  onCancel: () => void;
  onDelete: (space: Space) => void;
}) {
  const { floorId, space, approvers, onSaved, onCancel, onDelete } = props;
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SpaceForm
        floorId={floorId}
        space={space}
        approvers={approvers}
        onSaved={onSaved}
        onCancel={onCancel}
        idPrefix="panel-space"
      />
      <Button
        component="a"
        variant="subtle"
        href={routeTable.spaceQr.path.replace(':id', space.id)}
        target="_blank"
        rel="noreferrer"
      >
        {t('spaces.qrCode')}
      </Button>
      <Button variant="subtle" color="red" onClick={() => onDelete(space)}>
        {t('spaces.delete', { name: space.name })}
      </Button>
    </Stack>
  );
}

interface ShapesLayerProps {
  spaces: Space[];
  live: { id: string; shape: SpaceShape } | null;
  selectedId: string | null;
  size: { width: number; height: number };
  letters: Record<Space['kind'], string>;
  showNames: boolean;
  onFocusSpace: (id: string) => void;
}

/** Every space of the map, drawn again only when a space changes (not as the view moves). */
const ShapesLayer = memo(function ShapesLayer({
  spaces,
  live,
  selectedId,
  size,
  letters,
  showNames,
  onFocusSpace,
}: ShapesLayerProps) {
  const { t } = useTranslation();
  return (
    <g>
      {spaces.map((space) => (
        <g
          key={space.id}
          data-space-id={space.id}
          tabIndex={0}
          role="button"
          aria-pressed={space.id === selectedId}
          aria-label={t('spaces.map.shapeName', {
            name: space.name,
            kind: t(`spaces.kindNames.${space.kind}`),
            state: space.available ? t('spaces.map.available') : t('spaces.map.unavailable'),
          })}
          onFocus={() => onFocusSpace(space.id)}
          style={{ cursor: 'move', outline: 'none' }}
        >
          <SpaceFigure
            space={space}
            shape={live?.id === space.id ? live.shape : space.shape!}
            size={size}
            letter={letters[space.kind]}
            showName={showNames}
            hatch="map-hatch"
            selected={space.id === selectedId}
            part="shape"
          />
        </g>
      ))}
      <g aria-hidden pointerEvents="none">
        {spaces.map((space) => (
          <SpaceFigure
            key={space.id}
            space={space}
            shape={live?.id === space.id ? live.shape : space.shape!}
            size={size}
            letter={letters[space.kind]}
            showName={showNames}
            hatch="map-hatch"
            part="labels"
          />
        ))}
      </g>
    </g>
  );
});
