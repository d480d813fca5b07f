/** Stream ids are `{type}-{id}`, the EventStoreDB category convention, so the type is the prefix. */
export function streamId(streamType: string, id: string): string {
  return `${streamType}-${id}`;
}

export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
