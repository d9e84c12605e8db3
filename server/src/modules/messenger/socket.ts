import { MESSENGER_CHANNELS_PAGE_SIZE, type ChannelFilter } from '@velvet/contracts';
import { ageGate } from '../auth/age';
import type { ModuleContext, SocketClient } from '../module';
import { archiveChannel, listChannels, sendTextMessage } from './service';

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
    offset: number,
    limit: number,
  ) => {
    const page = await listChannels(db, guestId, await ageGate(ctx, client.auth), filterType, offset, limit);
    client.send({ type: 'channels', filterType, offset, ...page });
  };

  hub.on('loadChannels', async (message, client) => {
    const guestId = guestOf(client);
    if (guestId) await sendChannels(client, guestId, message.filterType ?? 'newest', message.offset, message.limit);
  });

  hub.on('filterChannels', async (message, client) => {
    const guestId = guestOf(client);
    if (guestId) await sendChannels(client, guestId, message.filterType, 0, MESSENGER_CHANNELS_PAGE_SIZE);
  });

  hub.on('archiveChannel', async (message, client) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    try {
      hub.sendToGuest(guestId, {
        type: 'channel',
        channel: await archiveChannel(db, guestId, await ageGate(ctx, client.auth), message.channelId, message.status),
      });
    } catch (error) {
      log.info({ err: error, channelId: message.channelId }, 'archiveChannel refused');
    }
  });

  hub.on('sendMessage', async (message, client) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    if (message.messageType !== 'text' || message.senderType !== 'guest') {
      log.info(
        { messageType: message.messageType, senderType: message.senderType },
        'sendMessage: only guest text messages are supported',
      );
      return;
    }
    const result = await sendTextMessage(
      db,
      guestId,
      await ageGate(ctx, client.auth),
      message.channelId,
      message.data.text,
    );
    if (result.sent) {
      // Every open tab of the guest shows the message.
      hub.sendToGuest(guestId, { type: 'channel', channel: result.channel, message: result.message });
    } else if (result.reason === 'paid') {
      const { id, messagePrice, freeMessagesAmount } = result.channel;
      client.send({ type: 'messagePrice', channelId: id, messagePrice, freeMessagesAmount });
    } else {
      log.info({ channelId: message.channelId, reason: result.reason }, 'sendMessage refused');
    }
  });
}
