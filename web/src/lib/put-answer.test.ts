import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putAnswer } from './put-answer';

describe('putAnswer', () => {
  it('keeps the answer when a fetch begun before it comes back after it', async () => {
    const client = new QueryClient();
    let answerFetch: (wants: string[]) => void = () => {};
    const fetching = client.fetchQuery({
      queryKey: ['want-list'],
      queryFn: () => new Promise<string[]>((resolve) => (answerFetch = resolve)),
    });
    await putAnswer(client, ['want-list'], ['Saga #1']);
    answerFetch([]);
    await fetching.catch(() => undefined);
    expect(client.getQueryData(['want-list'])).toEqual(['Saga #1']);
  });

  it('puts the answer when nothing is in flight', async () => {
    const client = new QueryClient();
    client.setQueryData(['pull-list'], ['old']);
    await putAnswer(client, ['pull-list'], ['new']);
    expect(client.getQueryData(['pull-list'])).toEqual(['new']);
  });
});
