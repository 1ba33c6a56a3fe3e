/**
 * Reads a QR code from the camera's video (decision 0384): the browser's BarcodeDetector where
 * it exists (Chrome on Android, Safari 17+ behind its flag…), else `jsqr`, loaded only when the
 * camera is opened — its own chunk, never in the console's first load.
 */
export interface QrScanner {
  /** The code in the current frame of the video, or null. */
  scan(video: HTMLVideoElement): Promise<string | null>;
}

type Detected = { rawValue: string };
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

async function nativeScanner(): Promise<QrScanner | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = await (
    Detector as unknown as { getSupportedFormats?: () => Promise<string[]> }
  ).getSupportedFormats?.();
  if (formats && !formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    async scan(video) {
      const [found] = await detector.detect(video);
      return found?.rawValue ?? null;
    },
  };
}

async function jsqrScanner(): Promise<QrScanner> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  return {
    async scan(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width === 0 || height === 0) return null;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(video, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}

/** The scanner this browser can use. */
export async function loadQrScanner(): Promise<QrScanner> {
  return (await nativeScanner()) ?? jsqrScanner();
}

/** The back camera's video, for reading a code held up to it. */
export function openBackCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no camera'));
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
}

/** What the camera check-in needs from the browser (tests hand in their own). */
export interface CameraDeps {
  loadScanner: () => Promise<QrScanner>;
  openCamera: () => Promise<MediaStream>;
}

export const browserCamera: CameraDeps = { loadScanner: loadQrScanner, openCamera: openBackCamera };
