import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, without merging them: the UI primitives' defaults are component classes
 * (index.css, `@layer components`) that any utility in `className` overrides, and two
 * utilities that set the same property never meet on one element. The web tests check the
 * latter with tailwind-merge (src/test-setup.ts), which the app no longer ships.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
