/**
 * Issue 26: a search's order-type criterion accepts the order types this server knows — its
 * booking-type registry, a test's fixture types included — rather than a list fixed when the
 * schema file was written. The static enum stays for the TypeScript type and the OpenAPI default.
 */
type WithProperties = { readonly properties: Readonly<Record<string, unknown>> };

export function withOrderTypes<S extends WithProperties>(schema: S, codes: readonly string[]): S {
  const criterion = schema.properties.BookingOrderTypeCode;
  if (criterion === undefined) throw new Error('this schema has no BookingOrderTypeCode criterion');
  return {
    ...schema,
    properties: {
      ...schema.properties,
      BookingOrderTypeCode: { ...(criterion as object), enum: [...codes] },
    },
  };
}
