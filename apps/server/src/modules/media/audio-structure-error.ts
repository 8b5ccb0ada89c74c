/** A structure the audio strippers (strip-<container>.ts) cannot read: the upload is refused. */
export class AudioStructureError extends Error {}

/** Refuses the file, naming what in its structure could not be read. */
export function fail(message: string): never {
  throw new AudioStructureError(message);
}
