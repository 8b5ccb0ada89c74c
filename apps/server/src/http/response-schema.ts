import { z } from 'zod';

/**
 * A response's JSON Schema for Fastify's compiled serialiser (fast-json-stringify), generated
 * from the payload's zod schema in @dum/core so that the contract is written once.
 *
 * The serialiser reads only the shape: types, properties, required fields, array items and
 * unions. Everything else zod emits is dropped here: value checks (enum, pattern, minimum...)
 * would make a union branch fail to match a value the zod schema itself accepts less strictly
 * than the serialiser's validator, and `additionalProperties: false` adds nothing (properties
 * outside the schema are never written). A nullable scalar becomes a type list (`['string',
 * 'null']`), which the serialiser writes without a check; in any other union null comes first,
 * so a null value matches its branch without a check of the object branch. A record's value
 * schema (`additionalProperties: {...}`, zod's z.record) is kept: without it the serialiser
 * would write the record as `{}`.
 */
export type ResponseJsonSchema = { [keyword: string]: unknown };

const SHAPE_KEYWORDS = new Set(['type', 'properties', 'required', 'items', 'anyOf']);

export function responseJsonSchema(schema: z.ZodType): ResponseJsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
  });
  return shapeOf(generated);
}

function shapeOf(node: object): ResponseJsonSchema {
  const shape: ResponseJsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (!SHAPE_KEYWORDS.has(keyword) && !isRecordValues(keyword, value)) continue;
    shape[keyword] = shapeOfKeyword(keyword, value);
  }
  return nullableScalar(shape) ?? shape;
}

/** `anyOf: [null, { type: 'string' }]` (and nothing else) as `type: ['string', 'null']`. */
function nullableScalar(shape: ResponseJsonSchema): ResponseJsonSchema | null {
  const branches = shape['anyOf'];
  if (!Array.isArray(branches) || Object.keys(shape).length !== 1 || branches.length !== 2) {
    return null;
  }
  const [first, second] = branches as ResponseJsonSchema[];
  if (first?.['type'] !== 'null' || second === undefined || Object.keys(second).length !== 1) {
    return null;
  }
  const type = second['type'];
  return typeof type === 'string' && type !== 'object' && type !== 'array'
    ? { type: [type, 'null'] }
    : null;
}

function shapeOfKeyword(keyword: string, value: unknown): unknown {
  switch (keyword) {
    case 'properties':
      return Object.fromEntries(
        Object.entries(value as Record<string, object>).map(([name, property]) => [
          name,
          shapeOf(property),
        ]),
      );
    case 'items':
    case 'additionalProperties':
      return shapeOf(value as object);
    case 'anyOf':
      return nullFirst((value as object[]).map(shapeOf));
    default:
      return value;
  }
}

/** `additionalProperties` holding a schema (a record's values), not `false`. */
function isRecordValues(keyword: string, value: unknown): boolean {
  return keyword === 'additionalProperties' && typeof value === 'object' && value !== null;
}

function nullFirst(branches: ResponseJsonSchema[]): ResponseJsonSchema[] {
  const isNull = (branch: ResponseJsonSchema): boolean => branch['type'] === 'null';
  return [...branches.filter(isNull), ...branches.filter((branch) => !isNull(branch))];
}
