import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exiftoolTags, locationTags } from '../test/exiftool.js';
import { stripVideoMetadata } from './video-metadata.js';

/**
 * The demo's 6-second MP4 (db/seed/assets) to which exiftool wrote, once, the position of
 * Lausanne the four ways a phone or an editor does: QuickTime keys
 * (com.apple.quicktime.location.ISO6709), user data (©xyz), the item list and XMP.
 */
const WITH_GPS = readFileSync(new URL('./video-with-gps.mp4', import.meta.url));
const ISO6709 = '+46.5197+006.6323';

/** The same file with its video track relabelled as a timed metadata track carrying a position in its first sample. */
const withTelemetryTrack = () => {
  const file = Buffer.from(WITH_GPS);
  const handler = file.indexOf('vide', file.indexOf('hdlr'), 'latin1');
  file.write('meta', handler, 'latin1');
  const stco = file.indexOf('stco', 0, 'latin1');
  const firstSample = file.readUInt32BE(stco + 12);
  file.write(`${ISO6709}/`, firstSample, 'latin1');
  return file;
};

/** Matroska elements with 8-byte sizes, or an unknown size (what MediaRecorder writes for segments and clusters). */
const element = (id: number[], data: (Buffer | string)[], unknownSize = false) => {
  const payload = Buffer.concat(data.map((d) => (Buffer.isBuffer(d) ? d : Buffer.from(d))));
  const size = Buffer.alloc(8, unknownSize ? 0xff : 0);
  size[0] = 0x01;
  for (let i = 7, v = payload.length; !unknownSize && i >= 1; i -= 1, v = Math.floor(v / 256)) size[i] = v % 256;
  return Buffer.concat([Buffer.from(id), size, payload]);
};
const byte = (n: number) => Buffer.from([n]);
/** A WebM of one VP8 track and a LOCATION tag (what ffmpeg writes from a phone's MOV). */
const webmWithLocation = (unknownSizes = false) => {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    [element([0x42, 0x86], [byte(1)]), element([0x42, 0xf7], [byte(1)]), element([0x42, 0x82], ['webm']), element([0x42, 0x87], [byte(2)])],
  );
  const info = element([0x15, 0x49, 0xa9, 0x66], [element([0x2a, 0xd7, 0xb1], [Buffer.from([0x0f, 0x42, 0x40])])]);
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    [element([0xae], [element([0xd7], [byte(1)]), element([0x83], [byte(1)]), element([0x86], ['V_VP8'])])],
  );
  const cluster = element(
    [0x1f, 0x43, 0xb6, 0x75],
    [element([0xe7], [byte(0)]), element([0xa3], [Buffer.from([0x81, 0, 0, 0x80, 1, 2])])],
    unknownSizes,
  );
  const tags = element(
    [0x12, 0x54, 0xc3, 0x67],
    [element([0x73, 0x73], [element([0x67, 0xc8], [element([0x45, 0xa3], ['LOCATION']), element([0x44, 0x87], [`${ISO6709}/`])])])],
  );
  // ffmpeg writes the tags after the clusters; a live recording (unknown sizes) before its open-ended cluster.
  const children = unknownSizes ? [info, tracks, tags, cluster] : [info, tracks, cluster, tags];
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], children, unknownSizes)]);
};

describe('stripVideoMetadata', () => {
  it("removes a phone's GPS position (QuickTime keys, ©xyz, item list, XMP) from an MP4, which still plays as before", async () => {
    const before = await exiftoolTags(WITH_GPS, 'mp4');
    expect(Object.keys(locationTags(before)).length).toBeGreaterThanOrEqual(4);
    const cleaned = stripVideoMetadata(WITH_GPS, 'video/mp4');
    expect(cleaned).not.toBeNull();
    const after = await exiftoolTags(cleaned as Buffer, 'mp4');
    expect(locationTags(after)).toEqual({});
    expect(after['ExifTool:Error']).toBeUndefined();
    // The movie itself is untouched: same size, same track, same duration and frames.
    expect(cleaned?.length).toBe(WITH_GPS.length);
    for (const tag of [
      'Track1:ImageWidth',
      'Track1:ImageHeight',
      'QuickTime:Duration',
      'Track1:VideoFrameRate',
      'QuickTime:MediaDataSize',
    ]) {
      expect(after[tag], tag).toEqual(before[tag]);
    }
    expect(cleaned?.includes(ISO6709.slice(0, 8), 0, 'latin1')).toBe(false);
  });

  it('drops a track that is neither video nor sound (GPS telemetry), its samples zeroed', async () => {
    const file = withTelemetryTrack();
    expect(file.includes(ISO6709, 0, 'latin1')).toBe(true);
    const cleaned = stripVideoMetadata(file, 'video/quicktime');
    expect(cleaned).not.toBeNull();
    expect(cleaned?.includes(ISO6709, 0, 'latin1')).toBe(false);
    const after = await exiftoolTags(cleaned as Buffer, 'mov');
    expect(locationTags(after)).toEqual({});
    expect(Object.keys(after).some((tag) => tag.startsWith('Track1:'))).toBe(false);
  });

  it.each([
    ['sizes written', false],
    ['unknown sizes, as a browser records', true],
  ])('voids the tags of a WebM (a LOCATION tag), %s', async (_, unknownSizes) => {
    const file = webmWithLocation(unknownSizes);
    expect(locationTags(await exiftoolTags(file, 'webm'))).toEqual({ 'Matroska:Location': `${ISO6709}/` });
    const cleaned = stripVideoMetadata(file, 'video/webm');
    expect(cleaned).not.toBeNull();
    const after = await exiftoolTags(cleaned as Buffer, 'webm');
    expect(locationTags(after)).toEqual({});
    expect(after['Track1:VideoCodecID']).toBe('V_VP8');
    expect(cleaned?.includes(ISO6709, 0, 'latin1')).toBe(false);
  });

  it('answers null for a video whose structure cannot be walked (cut short, or not what it claims)', () => {
    expect(stripVideoMetadata(WITH_GPS.subarray(0, 1000), 'video/mp4')).toBeNull();
    expect(
      stripVideoMetadata(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]), 'video/mp4'),
    ).toBeNull();
    expect(stripVideoMetadata(webmWithLocation().subarray(0, 60), 'video/webm')).toBeNull();
  });
});
