import { cleanup, configure } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { afterEach, vi } from 'vitest';
import type * as ClassNames from './lib/cn.ts';

afterEach(() => {
  cleanup();
});

// findBy* and waitFor wait 1 s by default: a render that takes longer while another test file
// runs beside this one (two workers on two cores) is slow, not wrong.
configure({ asyncUtilTimeout: 5000 });

// cn joins classes without resolving conflicts: a render that puts two utilities for the same
// property on one element (which of them wins depends on the stylesheet's order, not on the
// class list) fails its test.
vi.mock('./lib/cn.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClassNames>();
  return {
    cn(...inputs: Parameters<typeof actual.cn>): string {
      const joined = actual.cn(...inputs);
      const kept = new Set(twMerge(joined).split(' '));
      const overridden = joined.split(/\s+/).filter((name) => name && !kept.has(name));
      if (overridden.length > 0) {
        console.error(
          `cn: conflicting classes (${overridden.join(', ')} overridden) in "${joined}"`,
        );
      }
      return joined;
    },
  };
});
