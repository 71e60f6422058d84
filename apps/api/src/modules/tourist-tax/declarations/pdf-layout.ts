// The layout helpers are shared by every area's PDFs: they live in lib/pdf-layout.ts.
export * from '../../../lib/pdf-layout.ts';
