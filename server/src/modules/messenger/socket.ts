import { MESSENGER_CHANNELS_PAGE_SIZE, type ChannelFilter } from '@velvet/contracts';
import { ageGate } from '../auth/age';
import type { ModuleContext, SocketClient } from '../module';
import { sendGuestMessage } from './send';
import { listChannels, markAllChannelsSeen, markChannel } from './service';

/** Messenger requests are answered only for logged-in guests; anonymous ones are ignored. */
function guestOf(client: SocketClient): string | null {
  return client.auth?.loggedIn ? client.auth.guestId : null;
}

export function messengerSocket(ctx: ModuleContext): void {
  const { db, hub, log } = ctx;
  const sendChannels = async (
    client: SocketClient,
    guestId: string,
    filterType: ChannelFilter,
    onlineOnly: boolean,
    offset: number,
    limit: number,
  ) => {
    const gate = await ageGate(ctx, client.auth);
    const page = await listChannels(db, guestId, gate, { filter: filterType, onlineOnly }, offset, limit);
    client.send({ type: 'channels', filterType, onlineOnly, offset, ...page });
  };

  hub.on('loadChannels', async (message, client) => {
    const guestId = guestOf(client);
    if (guestId)
      await sendChannels(
        client,
        guestId,
        message.filterType ?? 'newest',
        message.online ?? false,
        message.offset,
        message.limit,
      );
  });

  /** A new filter or the online switch starts the list again at its first page. */
  const sendFirstPage = async (client: SocketClient, filterType: ChannelFilter, onlineOnly: boolean) => {
    const guestId = guestOf(client);
    if (guestId) await sendChannels(client, guestId, filterType, onlineOnly, 0, MESSENGER_CHANNELS_PAGE_SIZE);
  };
  hub.on('filterChannels', (message, client) => sendFirstPage(client, message.filterType, message.online ?? false));
  hub.on('loadOnlineChannels', (message, client) =>
    sendFirstPage(client, message.filterType ?? 'newest', message.online),
  );

  /** Archive and block change only the guest's own channel; any other id is refused without an answer. */
  const changeChannel = async (
    client: SocketClient,
    channelId: number,
    change: { archived: boolean } | { blocked: boolean },
  ) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    try {
      const channel = await markChannel(db, guestId, await ageGate(ctx, client.auth), channelId, change);
      hub.sendToGuest(guestId, { type: 'channel', channel });
    } catch (error) {
      log.info({ err: error, channelId }, 'channel change refused');
    }
  };
  hub.on('archiveChannel', (message, client) => changeChannel(client, message.channelId, { archived: message.status }));
  hub.on('blockChannel', (message, client) => changeChannel(client, message.channelId, { blocked: message.status }));

  hub.on('allChannelsSeen', async (_message, client) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    await markAllChannelsSeen(db, guestId, ctx.now());
    hub.sendToGuest(guestId, { type: 'allChannelsSeen' });
  });

  /**
   * A guest's message (text and gifts; pictures come over REST): stored and pushed to every tab, or answered to
   * this tab: `messagePrice` when the balance does not cover it (the client keeps it and sends it again after a
   * top-up), `messageRefused` with the error's code for bad input.
   */
  hub.on('sendMessage', async (message, client) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    const { channelId, clientMessageId } = message;
    if (message.senderType !== 'guest' || !['text', 'gift'].includes(message.messageType)) {
      client.send({ type: 'messageRefused', channelId, clientMessageId, errorCode: 'VALIDATION_FAILED' });
      return;
    }
    const result = await sendGuestMessage(
      ctx,
      { guestId, loggedIn: true },
      {
        channelId,
        clientMessageId,
        text: message.data.text,
        giftIds: message.includedGifts,
        language: client.language,
      },
    );
    if (result.sent) {
      hub.sendToGuest(guestId, { type: 'channel', channel: result.channel, message: result.message });
    } else if (result.reason === 'insufficientFunds') {
      const { messagePrice, freeMessagesAmount, isMessagingFree } = result.channel;
      client.send({
        type: 'messagePrice',
        channelId,
        messagePrice,
        freeMessagesAmount,
        isMessagingFree,
        clientMessageId,
      });
    } else {
      client.send({ type: 'messageRefused', channelId, clientMessageId, errorCode: result.error.code });
    }
  });
}
