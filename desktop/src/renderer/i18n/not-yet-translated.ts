/**
 * Renderer files that still write user-facing texts as literals: the screens not converted to the
 * catalogues yet (issue 10). `desktop/test/i18n/literals.test.ts` fails when a file outside this list has
 * a literal text, when a listed file has none left (take it out: it is converted), and when the
 * list grows. Converting a screen = moving its texts to locales/<en|ar>/<namespace>.json and
 * deleting its lines here (docs/i18n.md). One group per module, so parallel conversions touch
 * different lines. Never add a line.
 */
export const NOT_YET_TRANSLATED: readonly string[] = [
  // modules/chat
  'modules/chats/ChatPanel.tsx',
  'modules/chats/components/AttachmentPreview.tsx',
  'modules/chats/components/CannedResponsePicker.tsx',
  'modules/chats/components/Composer.tsx',
  'modules/chats/components/FollowUpControl.tsx',
  'modules/chats/components/MessageBubble.tsx',
  'modules/chats/components/MessageList.tsx',
  'modules/chats/components/MessageMedia.tsx',
  'modules/chats/components/VoiceRecorderBar.tsx',
  'modules/chats/store.ts',
  // modules/whatsapp
  'modules/whatsapp/WhatsAppPage.tsx',
  'modules/chats/components/ChatList.tsx',
  'modules/whatsapp/components/ConnectionStatus.tsx',
  'modules/whatsapp/store.ts',
];
