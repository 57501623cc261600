/** `19:abc@thread.tacv2;messageid=171…` → the conversation and, when present, the thread's root message id. */
export function splitConversationId(id: string): { conversationId: string; threadRootId?: string } {
  const match = /^(.*?);messageid=([^;]+)/.exec(id);
  return match ? { conversationId: match[1], threadRootId: match[2] } : { conversationId: id };
}
