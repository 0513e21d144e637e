/**
 * Videos lose what could say where they were filmed before they are stored
 * (docs/decisions/023-uploads-limits-quota-and-metadata.md): a phone writes the place into the
 * file (QuickTime `©xyz` in `udta`, `com.apple.quicktime.location.ISO6709` among the keys of
 * `meta`, XMP in a `uuid` box, a Matroska `LOCATION` tag, a drone's or action camera's GPS
 * track), and buyers watch these videos.
 *
 * No maintained npm library rewrites MP4 and Matroska metadata in Node without an external
 * program, so the cleaning is done here, in place, without moving a byte of the media: each
 * metadata box becomes a `free` box of the same size with its content zeroed (a Matroska element
 * becomes a `Void` element), so every offset in the file stays valid. What is kept: the file
 * type, the movie and track headers, the sample tables and the media data of the video, audio
 * and timecode tracks. What goes: every `udta`, `meta` and `uuid` box, and every other track
 * (timed metadata, GPS telemetry, subtitles), whose samples are zeroed too. A file whose
 * structure cannot be walked to the end is not cleaned but refused (null).
 */

/**
 * A cleaned copy of a video accepted by the upload policy (its stored type `video/mp4`,
 * `video/quicktime` or `video/webm`), or null when its structure cannot be read (the upload is refused).
 */
export const stripVideoMetadata = (content: Buffer, mime: string): Buffer | null => {
  const copy = Buffer.from(content);
  try {
    return (mime === 'video/webm' ? cleanMatroska(copy) : cleanIsoMedia(copy)) ? copy : null;
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
};

class Unreadable extends Error {}
const unreadable = (): never => {
  throw new Unreadable();
};

// ---------------------------------------------------------------------------------------------
// ISO base media (MP4, MOV)

type Box = { type: string; start: number; header: number; end: number };

/** The boxes laid end to end between `start` and `end`; any box that does not fit makes the file unreadable. */
const boxesIn = (file: Buffer, start: number, end: number): Box[] => {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) unreadable();
    let size = file.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (end - offset < 16) unreadable();
      size = Number(file.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) unreadable();
    boxes.push({ type: file.toString('latin1', offset + 4, offset + 8), start: offset, header, end: offset + size });
    offset += size;
  }
  return boxes;
};

const childrenOf = (file: Buffer, box: Box) => boxesIn(file, box.start + box.header, box.end);
const childOf = (file: Buffer, box: Box, type: string) => childrenOf(file, box).find((child) => child.type === type);

/** The box becomes `free`, its size unchanged and its content zeroed. */
const blankBox = (file: Buffer, box: Box) => {
  file.write('free', box.start + 4, 'latin1');
  file.fill(0, box.start + box.header, box.end);
};

/** Boxes that only hold descriptions (user data, metadata, vendor extensions): never needed to play. */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** The tracks a player needs: video, sound, and the timecode some cameras add. */
const MEDIA_HANDLERS = new Set(['vide', 'soun', 'tmcd']);

/** The handler type of a track (mdia/hdlr: version and flags, pre_defined, then the type). */
const handlerOf = (file: Buffer, trak: Box) => {
  const mdia = childOf(file, trak, 'mdia') ?? unreadable();
  const hdlr = childOf(file, mdia, 'hdlr') ?? unreadable();
  if (hdlr.end - hdlr.start < hdlr.header + 12) unreadable();
  return file.toString('latin1', hdlr.start + hdlr.header + 8, hdlr.start + hdlr.header + 12);
};

/** Blanks the metadata boxes under a kept box, down through the containers that may hold some. */
const blankMetadataUnder = (file: Buffer, box: Box) => {
  for (const child of childrenOf(file, box)) {
    if (METADATA_BOXES.has(child.type)) blankBox(file, child);
    else if (['trak', 'mdia', 'minf', 'edts', 'dinf', 'mvex', 'moof', 'traf'].includes(child.type)) blankMetadataUnder(file, child);
  }
};

const uint32s = (file: Buffer, box: Box, from: number, count: number, width = 4) => {
  const start = box.start + box.header + from;
  if (start + count * width > box.end) unreadable();
  return Array.from({ length: count }, (_, i) =>
    width === 8 ? Number(file.readBigUInt64BE(start + i * 8)) : file.readUInt32BE(start + i * width),
  );
};

/** The byte ranges of a track's samples, from its sample table (stsz or stz2, stsc, stco or co64). */
const sampleRanges = (file: Buffer, trak: Box): [number, number][] => {
  const mdia = childOf(file, trak, 'mdia') ?? unreadable();
  const minf = childOf(file, mdia, 'minf') ?? unreadable();
  const stbl = childOf(file, minf, 'stbl') ?? unreadable();
  const table = new Map(childrenOf(file, stbl).map((box) => [box.type, box]));
  const sizes = (() => {
    const stsz = table.get('stsz');
    if (stsz) {
      const [sampleSize, count] = uint32s(file, stsz, 4, 2);
      return sampleSize > 0 ? Array<number>(count).fill(sampleSize) : uint32s(file, stsz, 12, count);
    }
    const stz2 = table.get('stz2') ?? unreadable();
    const [fieldSize, count] = [file.readUInt8(stz2.start + stz2.header + 7), uint32s(file, stz2, 8, 1)[0]];
    const base = stz2.start + stz2.header + 12;
    if (![4, 8, 16].includes(fieldSize) || base + Math.ceil((count * fieldSize) / 8) > stz2.end) unreadable();
    return Array.from({ length: count }, (_, i) => {
      if (fieldSize === 16) return file.readUInt16BE(base + i * 2);
      if (fieldSize === 8) return file.readUInt8(base + i);
      const byte = file.readUInt8(base + (i >> 1));
      return i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    });
  })();
  const stsc = table.get('stsc') ?? unreadable();
  const runs = uint32s(file, stsc, 8, uint32s(file, stsc, 4, 1)[0] * 3);
  const co = table.get('stco') ?? table.get('co64') ?? unreadable();
  const chunkOffsets = uint32s(file, co, 8, uint32s(file, co, 4, 1)[0], co.type === 'co64' ? 8 : 4);
  const ranges: [number, number][] = [];
  let sample = 0;
  for (let chunk = 1; chunk <= chunkOffsets.length && sample < sizes.length; chunk += 1) {
    let perChunk = 0;
    for (let run = 0; run < runs.length; run += 3) if (runs[run] <= chunk) perChunk = runs[run + 1];
    let offset = chunkOffsets[chunk - 1];
    for (let i = 0; i < perChunk && sample < sizes.length; i += 1, sample += 1) {
      ranges.push([offset, offset + sizes[sample]]);
      offset += sizes[sample];
    }
  }
  return ranges;
};

const cleanIsoMedia = (file: Buffer): boolean => {
  const top = boxesIn(file, 0, file.length);
  if (top[0]?.type !== 'ftyp' && !top.some((box) => box.type === 'moov')) return false;
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return false;
  const media = top.filter((box) => box.type === 'mdat').map((box) => [box.start + box.header, box.end] as const);
  const fragmented = childrenOf(file, moov).some((box) => box.type === 'mvex');
  for (const child of childrenOf(file, moov)) {
    if (METADATA_BOXES.has(child.type)) {
      blankBox(file, child);
    } else if (child.type === 'trak') {
      if (MEDIA_HANDLERS.has(handlerOf(file, child))) {
        blankMetadataUnder(file, child);
        continue;
      }
      // Another track (GPS telemetry, timed metadata, subtitles): its samples are zeroed, then the track goes.
      if (fragmented) return false;
      for (const [from, to] of sampleRanges(file, child)) {
        if (!media.some(([start, end]) => from >= start && to <= end)) return false;
        file.fill(0, from, to);
      }
      blankBox(file, child);
    }
  }
  for (const box of top) {
    if (METADATA_BOXES.has(box.type)) blankBox(file, box);
    else if (box.type === 'moof') blankMetadataUnder(file, box);
  }
  return true;
};

// ---------------------------------------------------------------------------------------------
// Matroska (WebM)

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
/** Tags (where a LOCATION tag lives) and attachments (a cover image with its own EXIF). */
const MATROSKA_METADATA = new Set([0x1254c367, 0x1941a469]);
/** The elements of a segment: an element of unknown size ends where the next of these starts. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1c53bb6b, 0x1043a770, CLUSTER, ...MATROSKA_METADATA]);

type Element = { id: number; start: number; dataStart: number; end: number | null };

/** A variable-length integer at `offset`: its length and value (`null` for "unknown", all ones). */
const vint = (file: Buffer, offset: number, keepMarker: boolean) => {
  if (offset >= file.length) unreadable();
  const first = file[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8 || offset + length > file.length) unreadable();
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + file[offset + i];
    allOnes &&= file[offset + i] === 0xff;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
};

const elementAt = (file: Buffer, offset: number): Element => {
  const id = vint(file, offset, true);
  const size = vint(file, offset + id.length, false);
  const dataStart = offset + id.length + size.length;
  const end = size.value === null ? null : dataStart + size.value;
  if (end !== null && end > file.length) unreadable();
  return { id: id.value ?? unreadable(), start: offset, dataStart, end };
};

/** Where an element of unknown size ends: at the next element of its parent's level, or at the end. */
const endOfUnknown = (file: Buffer, element: Element, siblings: Set<number>, limit: number) => {
  let offset = element.dataStart;
  while (offset < limit) {
    const child = elementAt(file, offset);
    if (siblings.has(child.id)) return offset;
    offset = child.end ?? unreadable();
  }
  return limit;
};

/** The element becomes a Void element (ID 0xEC) of the same length, its content zeroed. */
const voidElement = (file: Buffer, start: number, end: number) => {
  const total = end - start;
  if (total < 2) unreadable();
  const sizeLength = Math.min(8, total - 1);
  const payload = total - 1 - sizeLength;
  file.fill(0, start, end);
  file[start] = 0xec;
  file[start + 1] = 0x80 >> (sizeLength - 1);
  for (let i = 0, value = payload; i < sizeLength; i += 1, value = Math.floor(value / 256)) {
    file[start + sizeLength - i] |= value % 256;
  }
};

const cleanMatroska = (file: Buffer): boolean => {
  let offset = 0;
  let segments = 0;
  while (offset < file.length) {
    const element = elementAt(file, offset);
    if (element.id === EBML_HEADER) {
      offset = element.end ?? unreadable();
      continue;
    }
    if (element.id !== SEGMENT) return false;
    segments += 1;
    const segmentEnd = element.end ?? file.length;
    let inner = element.dataStart;
    while (inner < segmentEnd) {
      const child = elementAt(file, inner);
      const childEnd = child.end ?? endOfUnknown(file, child, SEGMENT_CHILDREN, segmentEnd);
      if (MATROSKA_METADATA.has(child.id)) voidElement(file, child.start, childEnd);
      inner = childEnd;
    }
    offset = segmentEnd;
  }
  return segments > 0;
};
