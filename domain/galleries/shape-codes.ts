// Every photo's shape in a set, carried in the first document so the page can lay out a set of
// 3,000 before its photos arrive: a box of the right shape for each, so a set's tab, a deep link
// or Back from the viewer lands where the photo will be, and a page of photos arriving above the
// reader moves nothing. A 5,000-photo gallery's document stays small (ADR 026): the distinct
// shapes once, then one or two characters per photo naming which.
/** A photo's shape as the grid draws it: width over height, to 3 decimals ("1.500"). */
export function shapeOf(width: number, height: number): string {
  return (width / Math.max(1, height)).toFixed(3);
}

/** The digits of a photo's code, 64 to a character. */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

export interface ShapeCodes {
  /** The set's distinct shapes, each once. */
  of: string[];
  /** Each photo's shape as its index in `of`, in as few characters as every photo's needs. */
  at: string;
}

function codeWidth(distinct: number): number {
  let width = 1;
  while (DIGITS.length ** width < distinct) width++;
  return width;
}

export function encodeShapes(shapes: readonly string[]): ShapeCodes {
  const index = new Map<string, number>();
  for (const shape of shapes) if (!index.has(shape)) index.set(shape, index.size);
  const width = codeWidth(index.size);
  let at = "";
  for (const shape of shapes) {
    let n = index.get(shape) ?? 0;
    let code = "";
    for (let i = 0; i < width; i++) {
      code = DIGITS[n % DIGITS.length] + code;
      n = Math.floor(n / DIGITS.length);
    }
    at += code;
  }
  return { of: [...index.keys()], at };
}

export function decodeShapes({ of, at }: ShapeCodes): string[] {
  const width = codeWidth(of.length);
  const shapes: string[] = [];
  for (let i = 0; i < at.length; i += width) {
    let n = 0;
    for (let j = i; j < i + width; j++) n = n * DIGITS.length + DIGITS.indexOf(at.charAt(j));
    shapes.push(of[n] ?? "1.000");
  }
  return shapes;
}
