/**
 * The fake LINE's `POST /v2/bot/message/validate/push` (messaging-api.yml `validatePush`): 200
 * for messages it takes, else 400 with `details[]` of `{message, property}` as LINE answers,
 * e.g. `{"message":"Length must be between 0 and 5000","property":"messages[0].text"}`. Written
 * apart from our own checks on purpose: a few rules LINE applies, one of them ours do not know
 * (a sender name with the word LINE), so tests see LINE's refusal reach the operator.
 */
export type FakeLineDetail = { message: string; property: string };

export function fakeValidationDetails(body: unknown): FakeLineDetail[] {
  const messages = (body as { messages?: unknown })?.messages;
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5)
    return [{ message: 'Size must be between 1 and 5', property: 'messages' }];
  return messages.flatMap((message: Record<string, unknown>, index) => {
    const at = (key: string) => `messages[${index}].${key}`;
    const details: FakeLineDetail[] = [];
    if (message.type === 'text') {
      if (typeof message.text !== 'string' || message.text.length === 0)
        details.push({ message: 'May not be empty', property: at('text') });
      else if (message.text.length > 5000)
        details.push({ message: 'Length must be between 0 and 5000', property: at('text') });
    }
    const sender = message.sender as { name?: unknown } | undefined;
    if (typeof sender?.name === 'string' && /line/i.test(sender.name))
      details.push({
        message: 'The sender name contains a word that cannot be used',
        property: at('sender.name'),
      });
    return details;
  });
}
