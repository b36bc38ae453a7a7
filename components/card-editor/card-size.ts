export type CardSize = { readonly width: number; readonly height: number };

/** The card's shape for CSS aspect-ratio: frames and thumbnails keep it before any picture has loaded. */
export const aspectOf = (size: CardSize) => `${size.width} / ${size.height}`;
