// Base64 <-> little-endian float32, the `encoding_format: "base64"` wire format of OpenAI-compatible servers.

/**
 * Decodes base64 little-endian float32 into numbers. Returns undefined when the text is not valid base64 or its
 * byte length is not a multiple of 4 (the caller turns that into `embedding_invalid`). Uses atob and DataView, not
 * Buffer, so it runs in Workers too and reads little-endian whatever the host's byte order.
 */
export function decodeFloat32Base64(text: string): number[] | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  if (binary.length % 4 !== 0) return undefined;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const out = new Array<number>(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Encodes numbers as base64 little-endian float32 (values are rounded to float32, as a real server does). */
export function encodeFloat32Base64(values: readonly number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
