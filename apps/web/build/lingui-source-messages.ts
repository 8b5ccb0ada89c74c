import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Babel plugin, after Lingui's macro: compiles each message's English source text (the
 * `message` the macro keeps beside the `id`) into Lingui's compiled form, the form a catalogue
 * holds. English then renders from the code itself: no English catalogue is downloaded and no
 * ICU parser ships, while another locale's catalogue (compiled by @lingui/vite-plugin) still
 * wins by id. A text whose ICU syntax is broken fails the build here.
 */
export function linguiSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  function stringProperty(node: BabelTypes.ObjectExpression, name: string) {
    return node.properties.find(
      (property): property is BabelTypes.ObjectProperty & { value: BabelTypes.StringLiteral } =>
        t.isObjectProperty(property) &&
        !property.computed &&
        t.isIdentifier(property.key, { name }) &&
        t.isStringLiteral(property.value),
    );
  }

  return {
    name: 'dum:lingui-source-messages',
    visitor: {
      Program: {
        // On exit: the macro has replaced every macro call by then.
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const message = stringProperty(path.node, 'message');
              if (!message || !stringProperty(path.node, 'id')) return;
              message.value = t.valueToNode(compileMessage(message.value.value)) as never;
            },
          });
        },
      },
    },
  };
}
