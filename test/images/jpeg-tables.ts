/** The quantization tables (DQT segments) of a JPEG, as hex: they are what the quality setting decides. */
export function jpegQuantTables(bytes: Uint8Array): string[] {
  const tables: string[] = [];
  let i = 2; // after SOI
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker === 0xdb) tables.push(Buffer.from(bytes.subarray(i + 4, i + 2 + length)).toString('hex'));
    if (marker === 0xda) break; // start of scan: no more tables before the pixels
    i += 2 + length;
  }
  return tables;
}
