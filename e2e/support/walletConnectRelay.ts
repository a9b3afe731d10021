// A stand-in for WalletConnect's relay (wss://relay.walletconnect.org), for tests only: no machine here
// reaches the public one. It speaks the relay's JSON-RPC over WebSocket as @walletconnect/core 2.25 uses
// it: irn_subscribe / irn_batchSubscribe, irn_publish with fan-out to the topic's subscribers as
// irn_subscription, irn_unsubscribe / irn_batchUnsubscribe, irn_batchFetchMessages, and the two
// session methods the SDK sends since 2.21 instead of plain publishes: wc_proposeSession (the proposal
// on the pairing topic, the proposer subscribed to it) and wc_approveSession (the answer on the pairing
// topic, the settlement on the session topic, the approver subscribed to it).
//
// Like the real relay it keeps each topic's messages (a mailbox) and hands a client the ones it has not
// had when it subscribes: the page publishes its proposal before the wallet has read the QR code.
// A client is known by its auth JWT's issuer (did:key), so a reloaded page is the same client.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

interface StoredMessage {
  readonly topic: string;
  readonly message: string;
  readonly publishedAt: number;
  readonly tag: number;
  readonly attestation?: string;
  /** The client that published it (never handed back to it). */
  readonly from: string;
  readonly key: string;
}

interface Client {
  readonly id: string;
  readonly socket: WebSocket;
  /** topic → subscription id */
  readonly subscriptions: Map<string, string>;
}

interface JsonRpcRequest {
  readonly id: number | string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

export interface RelayCall {
  readonly client: string;
  readonly method: string;
  readonly topic?: string;
}

export interface StandInRelay {
  readonly url: string;
  /** Every request the clients sent, in order (method and topic), for assertions and failure output. */
  readonly calls: readonly RelayCall[];
  /** Connections open now. */
  connectionCount(): number;
  close(): Promise<void>;
}

function clientIdOf(requestUrl: string | undefined): string {
  const auth = new URL(requestUrl ?? '/', 'ws://relay').searchParams.get('auth');
  const payload = auth?.split('.')[1];
  if (payload) {
    try {
      const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown };
      if (typeof iss === 'string' && iss) return iss;
    } catch {
      // Not a JWT: the connection is its own client.
    }
  }
  return `anonymous-${crypto.randomUUID()}`;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function startStandInRelay({
  port = 0,
  host = '127.0.0.1',
}: { port?: number; host?: string } = {}): Promise<StandInRelay> {
  const server = new WebSocketServer({ port, host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const mailbox = new Map<string, StoredMessage[]>();
  const clients = new Set<Client>();
  /** `${clientId} ${message key}`: what each client has had. */
  const delivered = new Set<string>();
  const calls: RelayCall[] = [];
  let nextPushId = Date.now() * 1000;

  const deliver = (client: Client, stored: StoredMessage): void => {
    const subscription = client.subscriptions.get(stored.topic);
    if (subscription === undefined || stored.from === client.id) return;
    const mark = `${client.id} ${stored.key}`;
    if (delivered.has(mark) || client.socket.readyState !== client.socket.OPEN) return;
    delivered.add(mark);
    client.socket.send(
      JSON.stringify({
        id: nextPushId++,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subscription,
          data: {
            topic: stored.topic,
            message: stored.message,
            publishedAt: stored.publishedAt,
            tag: stored.tag,
            ...(stored.attestation ? { attestation: stored.attestation } : {}),
          },
        },
      }),
    );
  };

  const subscribe = (client: Client, topic: string): string => {
    let id = client.subscriptions.get(topic);
    if (id === undefined) {
      id = crypto.createHash('sha256').update(`${client.id}:${topic}`).digest('hex');
      client.subscriptions.set(topic, id);
    }
    for (const stored of mailbox.get(topic) ?? []) deliver(client, stored);
    return id;
  };

  const publish = (from: Client, topic: string, message: string, tag: number, attestation?: string): void => {
    if (!topic || !message) return;
    const stored: StoredMessage = {
      topic,
      message,
      tag,
      publishedAt: Date.now(),
      from: from.id,
      key: crypto.createHash('sha256').update(`${topic}:${message}`).digest('hex'),
      ...(attestation ? { attestation } : {}),
    };
    const list = mailbox.get(topic) ?? [];
    if (list.some((m) => m.key === stored.key)) return;
    list.push(stored);
    mailbox.set(topic, list);
    for (const client of clients) deliver(client, stored);
  };

  const answer = (client: Client, request: JsonRpcRequest): unknown => {
    const params = request.params ?? {};
    const tag = typeof params.tag === 'number' ? params.tag : 0;
    switch (request.method) {
      case 'irn_subscribe':
        return subscribe(client, str(params.topic));
      case 'irn_batchSubscribe':
        return (Array.isArray(params.topics) ? params.topics : []).map((topic) => subscribe(client, str(topic)));
      case 'irn_unsubscribe':
        client.subscriptions.delete(str(params.topic));
        return true;
      case 'irn_batchUnsubscribe':
        for (const sub of Array.isArray(params.subscriptions) ? params.subscriptions : [])
          client.subscriptions.delete(str((sub as { topic?: unknown }).topic));
        return true;
      case 'irn_publish':
        publish(client, str(params.topic), str(params.message), tag, str(params.attestation) || undefined);
        return true;
      case 'irn_batchFetchMessages': {
        const topics = (Array.isArray(params.topics) ? params.topics : []).map(str);
        const messages = topics.flatMap((topic) =>
          (mailbox.get(topic) ?? [])
            .filter((m) => m.from !== client.id && !delivered.has(`${client.id} ${m.key}`))
            .map((m) => {
              delivered.add(`${client.id} ${m.key}`);
              return { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag };
            }),
        );
        return { messages, hasMore: false };
      }
      case 'wc_proposeSession': {
        const pairingTopic = str(params.pairingTopic);
        subscribe(client, pairingTopic);
        publish(client, pairingTopic, str(params.sessionProposal), 1100, str(params.attestation) || undefined);
        return true;
      }
      case 'wc_approveSession': {
        const pairingTopic = str(params.pairingTopic);
        const sessionTopic = str(params.sessionTopic);
        subscribe(client, sessionTopic);
        publish(client, pairingTopic, str(params.sessionProposalResponse), 1101);
        publish(client, sessionTopic, str(params.sessionSettlementRequest), 1102);
        return true;
      }
      default:
        throw Object.assign(new Error(`the stand-in relay does not know ${request.method}`), { code: -32601 });
    }
  };

  server.on('connection', (socket, request) => {
    const client: Client = { id: clientIdOf(request.url), socket, subscriptions: new Map() };
    clients.add(client);
    socket.on('close', () => clients.delete(client));
    socket.on('message', (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return;
      }
      const requests = (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcRequest[];
      for (const req of requests) {
        // Acknowledgements of our irn_subscription pushes carry a result and no method.
        if (typeof req?.method !== 'string') continue;
        calls.push({
          client: client.id,
          method: req.method,
          ...(typeof req.params?.topic === 'string' ? { topic: req.params.topic } : {}),
        });
        let reply: object;
        try {
          reply = { id: req.id, jsonrpc: '2.0', result: answer(client, req) };
        } catch (error) {
          const { code = -32603, message } = error as { code?: number; message: string };
          reply = { id: req.id, jsonrpc: '2.0', error: { code, message } };
        }
        socket.send(JSON.stringify(reply));
      }
    });
  });

  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `ws://${host}:${boundPort}`,
    calls,
    connectionCount: () => clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.socket.terminate();
        server.close(() => resolve());
      }),
  };
}
