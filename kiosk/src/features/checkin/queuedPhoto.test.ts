import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { VISITOR_PHOTO_MAX_BYTES } from '@vestibule/shared';
import { buildResult, initialWizardState } from '@vestibule/ui/wizard';
import { formWith, wizardInput } from '@vestibule/ui/wizard/testing';
import { checkInPayloadOf } from '../../offline/binaryPayload.ts';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { cachedSource, submitCheckIn } from './checkInSource.ts';

// A queued check-in with the visitor's photo and a drawn signature (docs/kiosk.md, "The
// outbox"): nothing drops them between the wizard's result and the push, and they stay small in
// the device's database (kept as bytes, not base64 text).

/** Deterministic bytes that do not compress, as a JPEG's do not. */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    bytes[i] = state >> 16;
  }
  return bytes;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes a value takes as the database holds it: text as UTF-8, byte arrays as their length. */
function storedBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof value === 'string') return new TextEncoder().encode(value).length;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  if (value === null || value === undefined) return 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + storedBytes(item), 0);
  return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + storedBytes(item), 0);
}

const PNG_SIGNATURE_BYTES = 9_000;
const SIXTY_KB = 60 * 1024;

describe('a queued check-in with a photo and a signature', () => {
  it('adds at most 60 KB to its stored record, and the push sends both as they were taken', async () => {
    const runner = offlineRunner();
    const config = kioskConfig();
    const source = cachedSource(config, runner);
    const data = config.checkInData.VISITOR;
    if (!data) throw new Error('no visitor data');
    const input = wizardInput({ checkInForm: formWith({ firstName: {}, lastName: {} }) });
    const bare = buildResult(input, initialWizardState(input));
    const photo = base64(noise(VISITOR_PHOTO_MAX_BYTES, 7));
    const image = base64(noise(PNG_SIGNATURE_BYTES, 11));
    const signature = {
      documentId: '0193a000-0000-7000-8000-000000000001',
      versionId: '0193a000-0000-7000-8000-0000000000a1',
      signedAt: '2026-11-28T09:00:00.000Z',
      method: 'DRAW' as const,
      typedName: null,
      image,
    };

    const plain = await submitCheckIn(source, data, bare, undefined);
    const signed = await submitCheckIn(source, data, { ...bare, photo, signatures: [signature] }, undefined);
    const plainEntry = await runner.db.outbox.get(plain.mutationId);
    const signedEntry = await runner.db.outbox.get(signed.mutationId);
    if (plainEntry?.type !== 'checkIn' || signedEntry?.type !== 'checkIn') throw new Error('no check-in queued');

    const added = storedBytes(signedEntry) - storedBytes(plainEntry);
    console.info(
      `A queued check-in with a ${VISITOR_PHOTO_MAX_BYTES}-byte photo and a ${PNG_SIGNATURE_BYTES}-byte signature adds ${added} bytes (${(added / 1024).toFixed(1)} KB) to its stored record.`,
    );
    expect(added).toBeLessThanOrEqual(SIXTY_KB);

    const pushed = checkInPayloadOf(signedEntry);
    expect(pushed.photo).toBe(photo);
    expect(pushed.signatures).toEqual([signature]);
    expect(checkInPayloadOf(plainEntry)).toEqual(plainEntry.payload);
  });
});
