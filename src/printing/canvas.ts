/**
 * The 2D canvas the receipt is drawn on: skia through @napi-rs/canvas (docs/printing.md). From source it is
 * the package as installed; inside the single executable its compiled addon is an asset, extracted to the
 * cache and loaded with process.dlopen, like SQLite's (src/db/native-binding.ts). It is an N-API addon, so
 * the same file loads in the machine's Node and in the executable's. Loaded at the first print only: a
 * node that never prints never maps the library.
 */
import { createRequire } from 'node:module';
import { assetFile, isSingleExecutable, readAssetBuffer } from '../assets.js';

export const CANVAS_ADDON_ASSET = 'native/skia.node';

/** The part of the addon the receipt uses. */
export interface CanvasContext {
  fillStyle: string;
  font: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number };
}
interface CanvasBinding {
  CanvasElement: new (width: number, height: number) => { getContext(kind: '2d'): CanvasContext };
  GlobalFonts: { register(font: Buffer, alias: string): unknown };
}

/** The families the receipt names; DejaVu, the fonts the PDFs embed, has every Vietnamese letter. */
export const RECEIPT_FONT = 'HoadonReceipt';
export const RECEIPT_FONT_BOLD = 'HoadonReceiptBold';
/** A code the buyer types (the lookup code): monospaced, its zero barred. */
export const RECEIPT_FONT_CODE = 'HoadonReceiptCode';

let binding: CanvasBinding | undefined;

function load(): CanvasBinding {
  if (binding) return binding;
  let loaded: CanvasBinding;
  if (isSingleExecutable()) {
    const module = { exports: {} };
    process.dlopen(module, assetFile(CANVAS_ADDON_ASSET));
    loaded = module.exports as CanvasBinding;
  } else {
    // No system font is looked for: the receipt names only the two registered below.
    process.env.DISABLE_SYSTEM_FONTS_LOAD ??= '1';
    loaded = createRequire(import.meta.url)('@napi-rs/canvas') as CanvasBinding;
  }
  loaded.GlobalFonts.register(readAssetBuffer('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), RECEIPT_FONT);
  loaded.GlobalFonts.register(
    readAssetBuffer('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    RECEIPT_FONT_BOLD,
  );
  loaded.GlobalFonts.register(
    readAssetBuffer('node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'),
    RECEIPT_FONT_CODE,
  );
  binding = loaded;
  return loaded;
}

export function createCanvasContext(width: number, height: number): CanvasContext {
  const { CanvasElement } = load();
  return new CanvasElement(width, height).getContext('2d');
}
