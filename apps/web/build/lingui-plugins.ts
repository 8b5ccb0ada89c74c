import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin, PluginOption } from 'vite';
import { linguiSourceMessages } from './lingui-source-messages.ts';

const MACRO_IMPORT = /@lingui\/(core|react)\/macro/;

/**
 * Lingui in every Vite pipeline that runs the app's code (the build, the web tests, the
 * prerendered shell): its macros (`Trans`, `Plural`, `t`, `msg`, `plural` and `useLingui` from
 * `@lingui/react/macro` and `@lingui/core/macro`) become runtime calls that keep their English
 * text, compiled in place (lingui-source-messages.ts), and a `.po` import becomes a compiled
 * catalogue.
 */
export function linguiPlugins(): PluginOption[] {
  // Found by path, not from the working directory: the tests run from the repository's root.
  const configPath = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));
  const linguiConfig = getConfig({ configPath });
  return [linguiMacros(linguiConfig), lingui({ configPath })];
}

/**
 * Babel with Lingui's macro plugin, only over the app's modules that import a macro (a few
 * dozen milliseconds each; the rest of the code never meets Babel). Before React's plugin, so
 * JSX is still JSX. Called directly rather than through @rolldown/plugin-babel, which does not
 * run in the module runner that prerenders the shell.
 */
function linguiMacros(linguiConfig: ReturnType<typeof getConfig>): Plugin {
  return {
    name: 'dum:lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { exclude: /node_modules/ }, code: MACRO_IMPORT },
      async handler(code, id) {
        const path = id.split('?')[0] ?? id;
        if (!/\.[cm]?[jt]sx?$/.test(path)) return null;
        const result = await transformAsync(code, {
          filename: path,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: {
            sourceType: 'module',
            plugins: path.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'],
          },
          plugins: [
            [linguiMacro, { stripMessageField: false, linguiConfig }],
            linguiSourceMessages,
          ],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map };
      },
    },
  };
}
