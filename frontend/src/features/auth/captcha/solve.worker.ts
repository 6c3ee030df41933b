/// <reference lib="webworker" />
// Finds a nonce such that sha256("{challenge}:{nonce}") starts with `difficulty` zero
// bits, off the main thread so the form stays responsive.
import { sha256 } from '@noble/hashes/sha2.js';

export interface SolveRequest {
  challenge: string;
  difficulty: number;
}

function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();

self.onmessage = (event: MessageEvent<SolveRequest>) => {
  const { challenge, difficulty } = event.data;
  for (let nonce = 0; ; nonce += 1) {
    const candidate = `${challenge}:${nonce}`;
    if (leadingZeroBits(sha256(encoder.encode(candidate))) >= difficulty) {
      self.postMessage(candidate);
      return;
    }
  }
};
