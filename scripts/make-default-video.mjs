// Renders the bundled default homepage video (src/web/public/videos/default.webm): a ~6 s,
// 640x360 loop of listing cards and map pins drifting over the brand gradient. It is drawn on a
// canvas in headless Chromium and recorded with MediaRecorder, then given a duration and a cue
// index (MediaRecorder writes neither), so browsers can show its length and seek in it.
//
//   node scripts/make-default-video.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const outputFile = fileURLToPath(new URL('../src/web/public/videos/default.webm', import.meta.url));
const width = 640;
const height = 360;
const durationMs = 6000;
const framesPerSecond = 30;
const bitsPerSecond = 800_000;
const maxBytes = 1.5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// In the page: draw and record. Everything in the scene repeats every `loopMs`, so the video
// loops without a jump.
// ---------------------------------------------------------------------------------------------

async function recordScene({ width, height, durationMs, framesPerSecond, bitsPerSecond }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  const loopMs = durationMs;
  const tau = Math.PI * 2;

  const brand = '#ec4d37';
  const cardImageTones = ['#fde4df', '#d6efe0', '#fff1cc', '#fbcbc2', '#eef8f2'];
  const pinTones = ['#ec4d37', '#2f9e68', '#f7b538'];

  // Three lanes of cards; each lane travels a whole number of its own lengths per loop.
  const lanes = [
    { y: 46, scale: 0.62, laps: 1, count: 5, alpha: 0.55 },
    { y: 150, scale: 1, laps: 1, count: 4, alpha: 1 },
    { y: 262, scale: 0.78, laps: -1, count: 5, alpha: 0.8 },
  ];
  const pins = [
    { x: 96, y: 118, phase: 0, tone: 0 },
    { x: 300, y: 96, phase: 0.3, tone: 1 },
    { x: 520, y: 130, phase: 0.55, tone: 2 },
    { x: 180, y: 300, phase: 0.75, tone: 1 },
    { x: 430, y: 310, phase: 0.15, tone: 0 },
  ];
  const bubbles = Array.from({ length: 7 }, (_, index) => ({
    x: (index * 97) % width,
    y: (index * 151) % height,
    r: 40 + ((index * 37) % 70),
    phase: index / 7,
  }));

  function roundedRect(x, y, w, h, r) {
    context.beginPath();
    context.moveTo(x + r, y);
    context.arcTo(x + w, y, x + w, y + h, r);
    context.arcTo(x + w, y + h, x, y + h, r);
    context.arcTo(x, y + h, x, y, r);
    context.arcTo(x, y, x + w, y, r);
    context.closePath();
  }

  function drawBackground(phase) {
    const shift = Math.sin(phase * tau) * 80;
    const gradient = context.createLinearGradient(shift, 0, width - shift, height);
    gradient.addColorStop(0, '#f1755f');
    gradient.addColorStop(0.45, brand);
    gradient.addColorStop(1, '#f7b538');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);

    // A faint street grid, like a map seen from above.
    context.strokeStyle = 'rgba(255, 255, 255, 0.12)';
    context.lineWidth = 2;
    const offset = phase * 64;
    for (let x = -64 + (offset % 64); x < width + 64; x += 64) {
      context.beginPath();
      context.moveTo(x, 0);
      context.lineTo(x - 40, height);
      context.stroke();
    }
    for (let y = 24; y < height; y += 72) {
      context.beginPath();
      context.moveTo(0, y);
      context.lineTo(width, y + 18);
      context.stroke();
    }

    for (const bubble of bubbles) {
      const wobble = Math.sin((phase + bubble.phase) * tau);
      context.fillStyle = 'rgba(255, 255, 255, 0.08)';
      context.beginPath();
      context.arc(bubble.x + wobble * 20, bubble.y + Math.cos((phase + bubble.phase) * tau) * 14, bubble.r, 0, tau);
      context.fill();
    }
  }

  function drawCard(x, y, scale, alpha, tone, bob) {
    const w = 132 * scale;
    const h = 96 * scale;
    context.save();
    context.globalAlpha = alpha;
    context.translate(x, y + bob);
    context.shadowColor = 'rgba(124, 39, 28, 0.28)';
    context.shadowBlur = 14 * scale;
    context.shadowOffsetY = 6 * scale;
    context.fillStyle = '#ffffff';
    roundedRect(0, 0, w, h, 14 * scale);
    context.fill();
    context.shadowColor = 'transparent';
    // Photo area, a price pill and two lines of "text".
    context.fillStyle = tone;
    roundedRect(8 * scale, 8 * scale, w - 16 * scale, 44 * scale, 9 * scale);
    context.fill();
    context.fillStyle = brand;
    roundedRect(8 * scale, 60 * scale, 34 * scale, 12 * scale, 6 * scale);
    context.fill();
    context.fillStyle = '#f3e3d1';
    roundedRect(48 * scale, 60 * scale, w - 56 * scale, 12 * scale, 6 * scale);
    context.fill();
    roundedRect(8 * scale, 78 * scale, w * 0.55, 10 * scale, 5 * scale);
    context.fill();
    context.restore();
  }

  function drawLanes(phase) {
    lanes.forEach((lane, laneIndex) => {
      const spacing = (width + 160) / lane.count;
      const laneLength = spacing * lane.count;
      for (let index = 0; index < lane.count; index += 1) {
        const travelled = phase * laneLength * lane.laps;
        const x = ((((index * spacing + travelled) % laneLength) + laneLength) % laneLength) - 150;
        const bob = Math.sin((phase * 2 + index / lane.count) * tau) * 5 * lane.scale;
        const tone = cardImageTones[(index + laneIndex * 2) % cardImageTones.length];
        drawCard(x, lane.y - 48 * lane.scale, lane.scale, lane.alpha, tone, bob);
      }
    });
  }

  function drawPin(pin, phase) {
    const local = (phase + pin.phase) % 1;
    const pulse = local; // a ring that grows and fades once per loop
    const bounce = Math.abs(Math.sin(local * tau * 2)) * -10;
    const tone = pinTones[pin.tone];

    context.strokeStyle = `rgba(255, 255, 255, ${0.7 * (1 - pulse)})`;
    context.lineWidth = 3;
    context.beginPath();
    context.arc(pin.x, pin.y, 12 + pulse * 34, 0, tau);
    context.stroke();

    context.fillStyle = 'rgba(28, 36, 48, 0.18)';
    context.beginPath();
    context.ellipse(pin.x, pin.y + 4, 9, 3.5, 0, 0, tau);
    context.fill();

    // The pin: a circle on a point, with a white dot.
    const top = pin.y - 30 + bounce;
    context.fillStyle = tone;
    context.strokeStyle = '#ffffff';
    context.lineWidth = 3;
    context.beginPath();
    context.arc(pin.x, top, 13, Math.PI * 0.8, Math.PI * 2.2);
    context.lineTo(pin.x, pin.y + bounce);
    context.closePath();
    context.fill();
    context.stroke();
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(pin.x, top, 5, 0, tau);
    context.fill();
  }

  function drawFrame(elapsedMs) {
    const phase = (elapsedMs % loopMs) / loopMs;
    drawBackground(phase);
    drawLanes(phase);
    for (const pin of pins) drawPin(pin, phase);
  }

  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8'].find((type) => MediaRecorder.isTypeSupported(type));
  if (!mimeType) throw new Error('This Chromium cannot record WebM video.');
  drawFrame(0);
  const stream = canvas.captureStream(framesPerSecond);
  const recorder = new MediaRecorder(stream, {
    mimeType,
    videoBitsPerSecond: bitsPerSecond,
    // A key frame every second, so a seek never has to decode far.
    videoKeyFrameIntervalDuration: 1000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });

  const started = performance.now();
  recorder.start();
  await new Promise((resolve) => {
    // A timer rather than requestAnimationFrame: a hidden headless page may throttle frames.
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      drawFrame(Math.min(elapsed, durationMs));
      if (elapsed >= durationMs) {
        clearInterval(timer);
        resolve();
      }
    }, 1000 / framesPerSecond);
  });
  recorder.stop();
  await stopped;

  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return { mimeType, base64: btoa(binary) };
}

// ---------------------------------------------------------------------------------------------
// In Node: give the recording a duration and cues. A minimal EBML (Matroska/WebM) rewriter.
// ---------------------------------------------------------------------------------------------

const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
  void: 0xec,
};
const topLevelIds = new Set([ids.seekHead, ids.info, ids.tracks, ids.cluster, ids.cues, 0x1941a469, 0x1043a770, 0x1254c367]);

function readId(buffer, offset) {
  const first = buffer[offset];
  let length = 1;
  while (length <= 4 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 4) throw new Error(`Bad element id at byte ${offset}`);
  let value = 0;
  for (let index = 0; index < length; index += 1) value = value * 256 + buffer[offset + index];
  return { value, length };
}

function readSize(buffer, offset) {
  const first = buffer[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8) throw new Error(`Bad element size at byte ${offset}`);
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = buffer[offset + index];
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value: allOnes ? null : value, length };
}

/** Reads the children of [start, end); an element of unknown size ends at the next top-level id. */
function readElements(buffer, start, end, { stopAtTopLevel = false } = {}) {
  const elements = [];
  let offset = start;
  while (offset < end) {
    const id = readId(buffer, offset);
    if (stopAtTopLevel && topLevelIds.has(id.value)) break;
    const size = readSize(buffer, offset + id.length);
    const dataStart = offset + id.length + size.length;
    let dataEnd;
    let children;
    if (size.value === null) {
      // An unknown-size segment runs to the end of the file; a cluster to the next top-level element.
      children = readElements(buffer, dataStart, end, { stopAtTopLevel: id.value !== ids.segment });
      dataEnd = children.length > 0 ? children[children.length - 1].end : dataStart;
    } else {
      dataEnd = dataStart + size.value;
    }
    elements.push({ id: id.value, start: offset, dataStart, end: dataEnd, children });
    offset = dataEnd;
  }
  return elements;
}

const childrenOf = (buffer, element) => element.children ?? readElements(buffer, element.dataStart, element.end);
const dataOf = (buffer, element) => buffer.subarray(element.dataStart, element.end);

function readUnsigned(bytes) {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

function encodeId(id) {
  const bytes = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) bytes.unshift(value % 256);
  return Buffer.from(bytes);
}

function encodeSize(size) {
  // Eight bytes always: simple, and fine for a file this small.
  const bytes = Buffer.alloc(8);
  bytes[0] = 0x01;
  let value = size;
  for (let index = 7; index >= 1; index -= 1) {
    bytes[index] = value % 256;
    value = Math.floor(value / 256);
  }
  return bytes;
}

function encodeUnsigned(value, width = 0) {
  const bytes = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  while (bytes.length < Math.max(width, 1)) bytes.unshift(0);
  return Buffer.from(bytes);
}

const element = (id, data) => Buffer.concat([encodeId(id), encodeSize(data.length), data]);
const unsignedElement = (id, value, width) => element(id, encodeUnsigned(value, width));
function floatElement(id, value) {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
}

/** The block's track, its time relative to the cluster and whether it is a key frame. */
function describeBlock(bytes, isSimpleBlock) {
  const track = readSize(bytes, 0);
  const relativeTime = bytes.readInt16BE(track.length);
  const flags = bytes[track.length + 2];
  return { track: track.value, relativeTime, isKeyFrame: isSimpleBlock ? (flags & 0x80) !== 0 : true };
}

function addDurationAndCues(input) {
  const buffer = Buffer.from(input);
  const top = readElements(buffer, 0, buffer.length);
  const header = top.find((entry) => entry.id === ids.ebml);
  const segment = top.find((entry) => entry.id === ids.segment);
  if (!header || !segment) throw new Error('Not a WebM file');
  const parts = childrenOf(buffer, segment);
  const info = parts.find((entry) => entry.id === ids.info);
  const tracks = parts.find((entry) => entry.id === ids.tracks);
  const clusters = parts.filter((entry) => entry.id === ids.cluster);
  if (!info || !tracks || clusters.length === 0) throw new Error('The recording has no info, tracks or clusters');

  const infoChildren = childrenOf(buffer, info);
  const scaleElement = infoChildren.find((entry) => entry.id === ids.timecodeScale);
  const timecodeScale = scaleElement ? readUnsigned(dataOf(buffer, scaleElement)) : 1_000_000;
  const videoTrack = childrenOf(buffer, tracks)
    .filter((entry) => entry.id === ids.trackEntry)
    .map((entry) => childrenOf(buffer, entry))
    .find((fields) => fields.some((field) => field.id === ids.trackType && readUnsigned(dataOf(buffer, field)) === 1));
  const videoTrackNumber = videoTrack ? readUnsigned(dataOf(buffer, videoTrack.find((field) => field.id === ids.trackNumber))) : 1;

  // Rebuild each cluster with a known size and note where its first key frame is.
  let lastTime = 0;
  const rebuiltClusters = clusters.map((cluster) => {
    const children = childrenOf(buffer, cluster);
    const timecodeElement = children.find((entry) => entry.id === ids.timecode);
    const clusterTime = timecodeElement ? readUnsigned(dataOf(buffer, timecodeElement)) : 0;
    let cueTime = null;
    for (const child of children) {
      let block = null;
      if (child.id === ids.simpleBlock) block = describeBlock(dataOf(buffer, child), true);
      if (child.id === ids.blockGroup) {
        const inner = childrenOf(buffer, child).find((entry) => entry.id === ids.block);
        if (inner) block = describeBlock(dataOf(buffer, inner), false);
      }
      if (!block) continue;
      const time = clusterTime + block.relativeTime;
      lastTime = Math.max(lastTime, time);
      if (cueTime === null && block.track === videoTrackNumber && block.isKeyFrame) cueTime = time;
    }
    const body = Buffer.concat(children.map((child) => buffer.subarray(child.start, child.end)));
    return { bytes: element(ids.cluster, body), cueTime };
  });
  const frameTime = 1000 / framesPerSecond / (timecodeScale / 1_000_000);
  const duration = lastTime + frameTime;

  const newInfo = element(
    ids.info,
    Buffer.concat([
      ...infoChildren.filter((entry) => entry.id !== ids.duration).map((entry) => buffer.subarray(entry.start, entry.end)),
      floatElement(ids.duration, duration),
    ]),
  );
  const tracksBytes = buffer.subarray(tracks.start, tracks.end);

  // Positions are relative to the start of the segment's data; fixed-width numbers keep the
  // seek head's own size independent of the positions it holds.
  const seekEntry = (id, position) =>
    element(ids.seek, Buffer.concat([element(ids.seekId, encodeId(id)), unsignedElement(ids.seekPosition, position, 8)]));
  const seekHeadSize = element(ids.seekHead, Buffer.concat([seekEntry(ids.info, 0), seekEntry(ids.tracks, 0), seekEntry(ids.cues, 0)])).length;
  const infoPosition = seekHeadSize;
  const tracksPosition = infoPosition + newInfo.length;
  let position = tracksPosition + tracksBytes.length;
  const cuePoints = [];
  for (const cluster of rebuiltClusters) {
    if (cluster.cueTime !== null) {
      cuePoints.push(
        element(
          ids.cuePoint,
          Buffer.concat([
            unsignedElement(ids.cueTime, cluster.cueTime),
            element(ids.cueTrackPositions, Buffer.concat([unsignedElement(ids.cueTrack, videoTrackNumber), unsignedElement(ids.cueClusterPosition, position)])),
          ]),
        ),
      );
    }
    position += cluster.bytes.length;
  }
  const cues = element(ids.cues, Buffer.concat(cuePoints));
  const seekHead = element(
    ids.seekHead,
    Buffer.concat([seekEntry(ids.info, infoPosition), seekEntry(ids.tracks, tracksPosition), seekEntry(ids.cues, position)]),
  );
  const segmentBody = Buffer.concat([seekHead, newInfo, tracksBytes, ...rebuiltClusters.map((cluster) => cluster.bytes), cues]);
  return {
    bytes: Buffer.concat([buffer.subarray(header.start, header.end), element(ids.segment, segmentBody)]),
    durationSeconds: (duration * timecodeScale) / 1e9,
    cueCount: cuePoints.length,
  };
}

// ---------------------------------------------------------------------------------------------

/** Plays the finished file in the browser: it must know its length and seek to 3 s. */
async function checkPlayback(page, bytes) {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error('The video did not load'));
    });
    const duration = video.duration;
    video.currentTime = 3;
    await new Promise((resolve) => {
      video.onseeked = resolve;
    });
    return { duration, currentTime: video.currentTime, width: video.videoWidth, height: video.videoHeight };
  }, bytes.toString('base64'));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  const recording = await page.evaluate(recordScene, { width, height, durationMs, framesPerSecond, bitsPerSecond });
  const { bytes, durationSeconds, cueCount } = addDurationAndCues(Buffer.from(recording.base64, 'base64'));
  if (bytes.length > maxBytes) throw new Error(`The video is ${bytes.length} bytes, over the ${maxBytes} byte budget`);
  const playback = await checkPlayback(page, bytes);
  if (!Number.isFinite(playback.duration) || Math.abs(playback.currentTime - 3) > 0.2) {
    throw new Error(`The video does not seek: ${JSON.stringify(playback)}`);
  }
  await mkdir(path.dirname(outputFile), { recursive: true });
  await writeFile(outputFile, bytes);
  console.log(
    `Wrote ${path.relative(process.cwd(), outputFile)}: ${(bytes.length / 1024).toFixed(0)} KB, ${recording.mimeType}, ` +
      `${playback.width}x${playback.height}, ${durationSeconds.toFixed(2)} s, ${cueCount} cue points.`,
  );
} finally {
  await browser.close();
}
