import { lazyModule } from './lazy-module.js';

/** sharp (libvips, about 18 MB once loaded) for the image routes only (decision 0460). */
export const loadSharp = lazyModule(() => import('sharp').then((module) => module.default));
