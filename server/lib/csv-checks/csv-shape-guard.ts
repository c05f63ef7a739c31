import { Transform, type TransformCallback } from "node:stream";
import { MIGRATION_MAX_LINE_BYTES, MIGRATION_MAX_ROW_CELLS } from "#common/domain/migration-entities";

/**
 * Bounds what one row of an uploaded CSV can cost before the parser builds it. csv-parse limits
 * a record's characters but not its fields: 30 MiB of commas is one record of 31 million empty
 * cells (gigabytes of array). This guard reads the bytes ahead of the parser and refuses a line
 * longer than MIGRATION_MAX_LINE_BYTES or a row of more than MIGRATION_MAX_ROW_CELLS values. It
 * follows quotes the way RFC 4180 writes them ("" inside a quoted value toggles twice), so commas
 * and line breaks inside a quoted value are not counted; a quote misplaced enough to mislead it
 * is an error the parser reports at the same place.
 */

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const LINE_LIMIT = `${MIGRATION_MAX_LINE_BYTES / 1024} KiB`;

/** A shape the file may not have; `line` is where it is (from 1, as an editor counts). */
export class FileShapeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "FileShapeError";
  }
}

export function createShapeGuard(): Transform {
  let line = 1;
  let lineBytes = 0;
  let rowStartLine = 1;
  let commas = 0;
  let quoted = false;
  let afterCr = false;

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index];
        if (byte === LF || byte === CR) {
          // CRLF is one line break; a lone CR (old Mac files) or LF is one too.
          if (!(byte === LF && afterCr)) line += 1;
          lineBytes = 0;
          if (!quoted) {
            rowStartLine = line;
            commas = 0;
          }
          afterCr = byte === CR;
          continue;
        }
        afterCr = false;
        lineBytes += 1;
        if (lineBytes > MIGRATION_MAX_LINE_BYTES) {
          callback(new FileShapeError(`Line ${line} is longer than ${LINE_LIMIT}`, line));
          return;
        }
        if (byte === QUOTE) {
          quoted = !quoted;
        } else if (byte === COMMA && !quoted) {
          commas += 1;
          if (commas >= MIGRATION_MAX_ROW_CELLS) {
            callback(new FileShapeError(`The row starting on line ${rowStartLine} has more than ${MIGRATION_MAX_ROW_CELLS} values`, rowStartLine));
            return;
          }
        }
      }
      callback(null, chunk);
    },
  });
}
