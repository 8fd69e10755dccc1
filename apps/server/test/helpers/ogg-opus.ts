/**
 * A small, valid Ogg Opus stream of a given length (RFC 7845: OpusHead, OpusTags, then audio pages whose
 * last granule position says how long it is), for voice-note tests: the duration is read from the file,
 * as a real decoder or metadata parser reads it. The audio packets are silence frames (TOC byte only).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ byte]!) >>> 0;
  return crc >>> 0;
}

function page(packet: Buffer, opts: { granule: bigint; sequence: number; flags: number; serial: number }): Buffer {
  const segments: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(0, 4);
  header.writeUInt8(opts.flags, 5);
  header.writeBigUInt64LE(opts.granule, 6);
  header.writeUInt32LE(opts.serial, 14);
  header.writeUInt32LE(opts.sequence, 18);
  header.writeUInt32LE(0, 22);
  header.writeUInt8(segments.length, 26);
  segments.forEach((s, i) => header.writeUInt8(s, 27 + i));
  const whole = Buffer.concat([header, packet]);
  whole.writeUInt32LE(oggCrc(whole), 22);
  return whole;
}

/** An Ogg Opus voice note (mono, 48 kHz) that lasts `seconds`. */
export function oggOpus(seconds: number): Buffer {
  const serial = 0x5151;
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // channels
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12); // input sample rate
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // mapping family
  const vendor = Buffer.from('vendai-test', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  // Two audio pages of 20 ms silence frames (TOC 0xf8: CELT fullband 20 ms, one frame), the last one's
  // granule position being the whole length in 48 kHz samples plus the pre-skip.
  const frame = Buffer.from([0xf8, 0xff, 0xfe]);
  const total = BigInt(Math.round(seconds * 48_000) + preSkip);
  return Buffer.concat([
    page(head, { granule: 0n, sequence: 0, flags: 0x02, serial }),
    page(tags, { granule: 0n, sequence: 1, flags: 0, serial }),
    page(frame, { granule: 960n, sequence: 2, flags: 0, serial }),
    page(frame, { granule: total, sequence: 3, flags: 0x04, serial }),
  ]);
}
