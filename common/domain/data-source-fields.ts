import { z } from "zod";
import { type ConnectionFieldMeta, type DataSource, connectionFieldMeta } from "./data-sources.ts";

/** What a form needs to draw a data source's connection fields, read from the source's schema. */

export type ConnectionFieldInput = "text" | "password" | "number" | "checkbox" | "select";

export interface ConnectionFieldDescriptor {
  name: string;
  label: string;
  input: ConnectionFieldInput;
  required: boolean;
  secret: boolean;
  placeholder?: string;
  help?: string;
  /** The value a new connection starts with. */
  defaultValue?: string | number | boolean;
  /** For selects. */
  options?: readonly string[];
}

/** Strips optional and default wrappers down to the schema that says what the value is. */
function innerType(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.def.innerType as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.def.in as z.ZodType;
    } else {
      return current;
    }
  }
}

function inputOf(schema: z.ZodType, meta: ConnectionFieldMeta): ConnectionFieldInput {
  if (meta.secret) return "password";
  const inner = innerType(schema);
  if (inner instanceof z.ZodBoolean) return "checkbox";
  if (inner instanceof z.ZodNumber) return "number";
  if (inner instanceof z.ZodEnum) return "select";
  return "text";
}

/** The fields of a source in declaration order, as a form draws them. */
export function describeConnectionFields(source: DataSource): ConnectionFieldDescriptor[] {
  return Object.entries(source.fields.shape).map(([name, schema]) => {
    const fieldSchema = schema as z.ZodType;
    const meta = connectionFieldMeta.get(fieldSchema) ?? { label: name };
    const inner = innerType(fieldSchema);
    const defaulted = fieldSchema instanceof z.ZodDefault ? (fieldSchema.def.defaultValue as string | number | boolean) : undefined;
    return {
      name,
      label: meta.label,
      input: inputOf(fieldSchema, meta),
      required: !(fieldSchema instanceof z.ZodOptional) && !(fieldSchema instanceof z.ZodDefault),
      secret: meta.secret === true,
      ...(meta.placeholder ? { placeholder: meta.placeholder } : {}),
      ...(meta.help ? { help: meta.help } : {}),
      ...(defaulted !== undefined ? { defaultValue: defaulted } : {}),
      ...(inner instanceof z.ZodEnum ? { options: inner.options as string[] } : {}),
    };
  });
}

/** Names of a source's secret fields. */
export function secretFieldNames(source: DataSource): string[] {
  return describeConnectionFields(source)
    .filter((descriptor) => descriptor.secret)
    .map((descriptor) => descriptor.name);
}
