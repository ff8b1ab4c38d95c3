import { SIGNATURE_TYPED_NAME_MAX, type WizardDocument } from '@vestibule/shared';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { QuestionText } from './QuestionText.tsx';
import { TextField } from './TextField.tsx';
import { signaturePng } from './signatureImage.ts';
import type { WizardSignature } from './wizard.types.ts';
import { useWizardTexts } from './wizardTexts.tsx';

export interface SignStepProps {
  document: WizardDocument;
  signature: WizardSignature | null;
  onSign: (signature: WizardSignature | null) => void;
  idPrefix: string;
}

/**
 * One document to sign (docs/check-in.md, "Signed documents"): its text in a scrollable box,
 * then a signature drawn on a pad (DRAW) or the name typed (TYPE). A person who cannot draw (a
 * keyboard, a switch) types their name instead. Loaded lazily with the pad's library, only when
 * a document is to be signed.
 */
export function SignStep({ document, signature, onSign, idPrefix }: SignStepProps) {
  const { t } = useWizardTexts();
  const [typing, setTyping] = useState(document.signMethod === 'TYPE' || signature?.method === 'TYPE');
  const [typed, setTyped] = useState(signature?.typedName ?? '');
  const base = { documentId: document.documentId, versionId: document.versionId };

  const typeName = (value: string) => {
    setTyped(value);
    const name = value.trim();
    onSign(
      name === ''
        ? null
        : { ...base, signedAt: new Date().toISOString(), method: 'TYPE', typedName: name, image: null },
    );
  };
  const switchTo = (toTyping: boolean) => {
    setTyping(toTyping);
    setTyped('');
    onSign(null);
  };

  return (
    <div className="wizard-sign">
      <p className="sign-version">{t('sign.version', { version: document.version })}</p>
      <div
        className="sign-document"
        role="region"
        tabIndex={0}
        aria-label={t('sign.documentText', { title: document.title })}
      >
        <QuestionText>{document.body}</QuestionText>
      </div>
      <p>{t('sign.readThenSign')}</p>
      {typing ? (
        <TextField
          id={`${idPrefix}-typed-signature`}
          label={t('sign.typedName')}
          value={typed}
          onChange={typeName}
          required
          maxLength={SIGNATURE_TYPED_NAME_MAX}
          autoComplete="name"
          className="sign-typed"
        />
      ) : (
        <DrawPad
          signed={signature !== null}
          onDrawn={(image) =>
            onSign(
              image === null
                ? null
                : { ...base, signedAt: new Date().toISOString(), method: 'DRAW', typedName: null, image },
            )
          }
        />
      )}
      <p role="status" className={signature ? 'sign-said' : 'live-empty'}>
        {signature ? t('sign.signed') : ''}
      </p>
      {document.signMethod === 'DRAW' && (
        <button type="button" className="button secondary sign-switch" onClick={() => switchTo(!typing)}>
          {typing ? t('sign.drawInstead') : t('sign.typeInstead')}
        </button>
      )}
    </div>
  );
}

/** The signature pad on a canvas sized to its box at the screen's pixel ratio. */
function DrawPad({ signed, onDrawn }: { signed: boolean; onDrawn: (image: string | null) => void }) {
  const { t } = useWizardTexts();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  }, [onDrawn]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !canvas.getContext('2d')) return;
    const pad = new SignaturePad(canvas, { minWidth: 1, maxWidth: 3, penColor: '#000000' });
    padRef.current = pad;
    // The canvas's box and pixel ratio it was last sized for: a phone's browser bar showing or
    // hiding resizes the window, not the pad, and must not touch the signature.
    let sizedFor = '';
    const fit = (): boolean => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const box = `${canvas.offsetWidth}x${canvas.offsetHeight}@${ratio}`;
      if (box === sizedFor) return false;
      sizedFor = box;
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      return true;
    };
    // Resizing a canvas wipes it: the strokes are drawn again at their place, and the image
    // handed over anew (a stroke now outside a smaller pad is cut, as the person sees it).
    const size = () => {
      const strokes = pad.toData();
      if (!fit()) return;
      pad.clear();
      if (strokes.length === 0) return;
      pad.fromData(strokes);
      drawnRef.current(signaturePng(canvas));
    };
    fit();
    pad.clear();
    const ended = () => drawnRef.current(signaturePng(canvas));
    pad.addEventListener('endStroke', ended);
    window.addEventListener('resize', size);
    return () => {
      window.removeEventListener('resize', size);
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onDrawn(null);
  };

  return (
    <div className="sign-pad">
      <p className="sign-hint">{t('sign.padHint')}</p>
      <canvas ref={canvasRef} className="sign-canvas" role="img" aria-label={t('sign.pad')} />
      <button type="button" className="button secondary" onClick={clear} disabled={!signed}>
        {t('sign.clear')}
      </button>
    </div>
  );
}
