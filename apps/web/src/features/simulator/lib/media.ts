import { SIM_LIMITS } from '@vendai/contracts';

export const FILE_TOO_BIG = 'Arquivo grande demais (máximo 8 MB).';

/** Base64 without the data: prefix (what the simulator's API takes). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export async function fileToBase64(file: Blob): Promise<string> {
  if (file.size > SIM_LIMITS.mediaMaxBytes) throw new Error(FILE_TOO_BIG);
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

/** Natural size of an image file (0×0 when the browser cannot read it). */
export function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({ width: 0, height: 0 });
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/**
 * A short voice note made here (a gentle two-tone hum as 16-bit mono PCM WAV), for when there is no
 * microphone or the person just wants to test the audio path.
 */
export function sampleVoiceNote(seconds: number, sampleRate = 8_000): Uint8Array {
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    const tone = i % sampleRate < sampleRate / 2 ? 220 : 330;
    const envelope = Math.min(1, t * 20, (samples - i) / (sampleRate / 20));
    view.setInt16(44 + i * 2, Math.round(Math.sin(2 * Math.PI * tone * t) * 0.3 * envelope * 0x7fff), true);
  }
  return new Uint8Array(buffer);
}

/** A small picture drawn here (a product card), for testing images without a file at hand. */
export async function sampleImage(): Promise<{ base64: string; mimetype: string; width: number; height: number }> {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 360;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Seu navegador não conseguiu desenhar a imagem de exemplo.');
  const gradient = ctx.createLinearGradient(0, 0, 480, 360);
  gradient.addColorStop(0, '#a7f3d0');
  gradient.addColorStop(1, '#059669');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 480, 360);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(140, 80, 200, 200, 24);
  ctx.fill();
  ctx.fillStyle = '#065f46';
  ctx.font = 'bold 28px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText('Produto', 240, 190);
  ctx.font = '18px sans-serif';
  ctx.fillText('foto de exemplo', 240, 220);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('Seu navegador não conseguiu gerar a imagem de exemplo.');
  return { base64: await fileToBase64(blob), mimetype: 'image/jpeg', width: 480, height: 360 };
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

export function formatDuration(seconds: number | null): string {
  if (!seconds) return '0:00';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
