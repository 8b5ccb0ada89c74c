import {
  SerializerSelector,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

export interface LazySerializers {
  /** For Fastify's `schemaController.compilersFactory.buildSerializer`. */
  factory: SerializerFactory;
  /** Compiles every serialiser not compiled yet; answers how many the app has in all. */
  compileAll: () => number;
}

/**
 * Fastify's response serialisers (fast-json-stringify), each compiled when its route first
 * answers with that status rather than all while the app starts: compiling every route's took
 * about 0.2 CPU-seconds of each start (each instance, each test app), most of it for answers a
 * process never gives. A schema that does not compile would then fail on its first answer, so a
 * test compiles them all (compileAll) on the whole app.
 */
export function lazySerializers(): LazySerializers {
  const build = SerializerSelector();
  const compilers: (() => Serializer)[] = [];
  const factory: SerializerFactory = (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serializer: Serializer | undefined;
      const compiled = () => (serializer ??= compile(route));
      compilers.push(compiled);
      return (doc: unknown) => compiled()(doc);
    };
  };
  return {
    factory,
    compileAll: () => {
      for (const compiled of compilers) compiled();
      return compilers.length;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's LazySerializers.compileAll (buildApp). */
    compileSerializers(): number;
  }
}
