/**
 * Offline face detection for avatar photos: @vladmandic/face-api's Tiny Face Detector (and SSD MobileNet v1 as a
 * second opinion) on TensorFlow.js's WebAssembly backend. The weights ship inside the npm package
 * (`@vladmandic/face-api/model`), so nothing is downloaded at run time and no native binary is needed.
 * The model loads once per process (~0.3 s); a detection takes ~50 ms (tiny) to ~250 ms (SSD) on 2 cores.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

export interface FaceBox {
  /** Box in the input image's pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Detector confidence 0..1. */
  score: number;
}

export interface FaceDetection {
  faces: FaceBox[];
  /** Which detector found them: the fast tiny detector, or the SSD second pass when the tiny one found none. */
  detector: 'tiny-face-detector' | 'ssd-mobilenet-v1' | null;
}

/** Error thrown when the detector itself cannot run (as opposed to finding no face). */
export class FaceDetectorUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The offline face detector could not start: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'FaceDetectorUnavailableError';
  }
}

// The parts of face-api / tfjs this module uses (the package's own typings pull in all of tfjs).
interface Tensor3D {
  dispose(): void;
}
interface Detection {
  score: number;
  box: { x: number; y: number; width: number; height: number };
}
interface Net {
  loadFromWeightMap(map: unknown): void;
  isLoaded: boolean;
}
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    getBackend(): string;
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor3D;
    io: { decodeWeights(buffer: ArrayBuffer, specs: unknown[]): unknown };
  };
  nets: { tinyFaceDetector: Net; ssdMobilenetv1: Net };
  detectAllFaces(input: Tensor3D, options: unknown): Promise<Detection[]>;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  SsdMobilenetv1Options: new (o: { minConfidence: number }) => unknown;
}

/** Longest side the photo is scaled to before detection (faces stay large enough, work stays small). */
const DETECT_SIZE = 640;
const TINY_THRESHOLD = 0.5;
const SSD_THRESHOLD = 0.5;

let loading: Promise<FaceApi> | null = null;

async function loadNet(api: FaceApi, net: Net, modelDir: string, name: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(modelDir, `${name}-weights_manifest.json`), 'utf8')) as { weights: unknown[] }[];
  const bin = await readFile(join(modelDir, `${name}.bin`));
  const weights = api.tf.io.decodeWeights(
    bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer,
    manifest.flatMap((m) => m.weights),
  );
  net.loadFromWeightMap(weights);
}

function load(): Promise<FaceApi> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    // tfjs-backend-wasm registers the 'wasm' backend and, under Node, reads its .wasm file from its own folder.
    require('@tensorflow/tfjs-backend-wasm');
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    if (!(await api.tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not initialise');
    await api.tf.ready();
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await loadNet(api, api.nets.tinyFaceDetector, modelDir, 'tiny_face_detector_model');
    await loadNet(api, api.nets.ssdMobilenetv1, modelDir, 'ssd_mobilenetv1_model');
    return api;
  })().catch((err: unknown) => {
    loading = null;
    throw new FaceDetectorUnavailableError(err);
  });
  return loading;
}

/** Loads the detector now (e.g. at start-up) instead of on the first photo. Throws FaceDetectorUnavailableError. */
export async function warmFaceDetector(): Promise<void> {
  await load();
}

/**
 * Finds faces in an image (any format sharp reads). Boxes are in the image's own pixels, biggest first.
 * Throws FaceDetectorUnavailableError when the detector cannot run; an image without a face gives `faces: []`.
 */
export async function detectFaces(image: Buffer): Promise<FaceDetection> {
  const api = await load();
  const meta = await sharp(image).metadata();
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(DETECT_SIZE, DETECT_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const orientedWidth = meta.autoOrient?.width ?? meta.width ?? info.width;
  const scale = orientedWidth / info.width;
  const tensor = api.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [info.height, info.width, 3], 'int32');
  try {
    let detector: FaceDetection['detector'] = 'tiny-face-detector';
    let found = await api.detectAllFaces(tensor, new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: TINY_THRESHOLD }));
    if (found.length === 0) {
      detector = 'ssd-mobilenet-v1';
      found = await api.detectAllFaces(tensor, new api.SsdMobilenetv1Options({ minConfidence: SSD_THRESHOLD }));
    }
    const faces = found
      .map((d) => ({
        x: Math.round(d.box.x * scale),
        y: Math.round(d.box.y * scale),
        width: Math.round(d.box.width * scale),
        height: Math.round(d.box.height * scale),
        score: Math.round(d.score * 1000) / 1000,
      }))
      .sort((a, b) => b.width * b.height - a.width * a.height);
    return { faces, detector: faces.length > 0 ? detector : null };
  } finally {
    tensor.dispose();
  }
}
