import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { CardFacts } from './facts.ts';
import { encodePng } from './png.ts';

/**
 * A card's picture: 1200×630 (the size X, Discord, Telegram and Facebook show at full width),
 * drawn with Skia (@napi-rs/canvas, prebuilt binaries, no install step) in the app's colours and
 * Inter (from @fontsource/inter, so no system font is assumed). The background is flat, the
 * gradient kept to the mark, the top rule and the progress bar: flat rows are what makes the
 * fast PNG encoding (png.ts) small. Only Inter's Latin subset is loaded: text in other scripts
 * falls back to whatever font Skia finds on the machine, or shows as boxes.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const COLORS = {
  background: '#0b0a12',
  surface: '#1b1828',
  border: '#2c2842',
  foreground: '#f4f2ff',
  muted: '#a19cba',
  primary: '#a78bfa',
  accent: '#f472b6',
  markText: '#0b0a12',
};

const FAMILY = 'Dum Card Inter';
const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;

let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  for (const weight of [400, 700, 800]) {
    GlobalFonts.registerFromPath(
      require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`),
      FAMILY,
    );
  }
  fontsRegistered = true;
}

function font(weight: number, size: number): string {
  return `${weight} ${size}px "${FAMILY}"`;
}

function vibe(ctx: SKRSContext2D, x0: number, y0: number, x1: number, y1: number) {
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  gradient.addColorStop(0, COLORS.primary);
  gradient.addColorStop(1, COLORS.accent);
  return gradient;
}

/** Text cut to fit `width`, with an ellipsis. */
function fit(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${chars.slice(0, mid).join('').trimEnd()}…`).width <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/** Words wrapped into at most `maxLines` lines of `width`, the last cut with an ellipsis. */
export function wrap(ctx: SKRSContext2D, text: string, width: number, maxLines: number): string[] {
  const words = text.split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width || !line) {
      line = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(fit(ctx, `${line} ${words.slice(i).join(' ')}`, width));
      return lines;
    }
    lines.push(fit(ctx, line, width));
    line = word;
  }
  if (line) lines.push(fit(ctx, line, width));
  return lines;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

function drawHeader(ctx: SKRSContext2D, label: string): void {
  ctx.fillStyle = vibe(ctx, 0, 0, CARD_WIDTH, 0);
  ctx.fillRect(0, 0, CARD_WIDTH, 10);
  // The mark: the app's logo, a rounded square in the vibe gradient with a D.
  ctx.fillStyle = vibe(ctx, MARGIN, 60, MARGIN + 64, 124);
  roundRect(ctx, MARGIN, 60, 64, 64, 16);
  ctx.fillStyle = COLORS.markText;
  ctx.font = font(800, 38);
  ctx.textAlign = 'center';
  ctx.fillText('D', MARGIN + 32, 106);
  ctx.textAlign = 'left';
  ctx.fillStyle = COLORS.foreground;
  ctx.font = font(800, 34);
  ctx.fillText('Dum Club', MARGIN + 88, 104);
  ctx.textAlign = 'right';
  ctx.fillStyle = COLORS.primary;
  ctx.font = font(700, 24);
  ctx.fillText(label, CARD_WIDTH - MARGIN, 102);
  ctx.textAlign = 'left';
}

function drawProgress(ctx: SKRSContext2D, facts: CardFacts, top: number): void {
  if (!facts.progress) return;
  ctx.fillStyle = COLORS.foreground;
  ctx.font = font(700, 30);
  ctx.fillText(fit(ctx, facts.progress.label, TEXT_WIDTH), MARGIN, top);
  ctx.fillStyle = COLORS.surface;
  roundRect(ctx, MARGIN, top + 22, TEXT_WIDTH, 28, 14);
  const filled = Math.round(TEXT_WIDTH * facts.progress.ratio);
  if (filled > 0) {
    ctx.fillStyle = vibe(ctx, MARGIN, 0, MARGIN + TEXT_WIDTH, 0);
    roundRect(ctx, MARGIN, top + 22, Math.max(filled, 28), 28, 14);
  }
}

/** Draws a card and answers its PNG. */
export async function renderCard(facts: CardFacts): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  drawHeader(ctx, facts.label);

  // The heading: three lines with a progress bar under it, four without.
  ctx.fillStyle = COLORS.foreground;
  ctx.font = font(800, 54);
  const lines = wrap(ctx, facts.heading, TEXT_WIDTH, facts.progress ? 3 : 4);
  lines.forEach((line, i) => ctx.fillText(line, MARGIN, 210 + i * 66));

  const afterHeading = 210 + (lines.length - 1) * 66;
  ctx.fillStyle = COLORS.muted;
  ctx.font = font(400, 30);
  ctx.fillText(fit(ctx, facts.byline, TEXT_WIDTH), MARGIN, afterHeading + 58);

  if (!facts.progress && facts.detail) {
    // Under the byline, in what room the heading left above the facts line.
    const top = afterHeading + 120;
    const lines = Math.max(0, Math.min(3, Math.floor((540 - top) / 42) + 1));
    ctx.fillStyle = COLORS.foreground;
    ctx.font = font(400, 32);
    wrap(ctx, facts.detail, TEXT_WIDTH, lines).forEach((line, i) =>
      ctx.fillText(line, MARGIN, top + i * 42),
    );
  }
  drawProgress(ctx, facts, 478);
  if (facts.note) {
    ctx.fillStyle = COLORS.muted;
    ctx.font = font(400, 26);
    ctx.fillText(fit(ctx, facts.note, TEXT_WIDTH), MARGIN, 580);
  }
  // The stored pixels, without getImageData's copy: they are premultiplied, which for a card
  // painted opaque from edge to edge (the background above) is the plain RGBA a PNG holds.
  return encodePng(canvas.data(), CARD_WIDTH, CARD_HEIGHT);
}
