import { SYSTEM_PROGRAM_ID } from '@dum/core';
import { stringifyJson } from './json.ts';
import type { LocalChain } from './local-chain.ts';
import type { TransactionRecord } from './transaction-record.ts';
import { encodeAccount } from './rpc-methods/account-json.ts';
import { RPC_ERRORS } from './rpc-methods/json-rpc.ts';

/**
 * Solana's RPC PubSub over any message transport: signatureSubscribe, accountSubscribe,
 * slotSubscribe and their unsubscribes. One SubscriptionHub per chain; one connection per socket.
 */

export interface RpcSubscriptionConnection {
  receive(text: string): void;
  close(): void;
}

type Send = (text: string) => void;

/** One request's context: its connection, its params, and how to answer it. */
interface Exchange {
  send: Send;
  owned: Set<number>;
  params: unknown[];
  reply: (result: unknown) => void;
  fail: (code: number, message: string) => void;
}

interface AccountSubscription {
  id: number;
  send: Send;
  encoding: unknown;
}

export class SubscriptionHub {
  private nextId = 1;
  private readonly signatures = new Map<string, Map<number, Send>>();
  private readonly accounts = new Map<string, Map<number, AccountSubscription>>();
  private readonly slots = new Map<number, Send>();
  /** Signature subscriptions end by themselves after notifying; unsubscribing them is a no-op. */
  private readonly fired = new Set<number>();
  private readonly detach: (() => void)[];

  constructor(private readonly chain: LocalChain) {
    this.detach = [
      chain.onCommit((record) => this.onCommit(record)),
      chain.onSlot((slot) => this.onSlot(slot)),
    ];
  }

  connect(send: Send): RpcSubscriptionConnection {
    const owned = new Set<number>();
    return {
      receive: (text) => this.receive(text, send, owned),
      close: () => {
        for (const id of owned) this.remove(id);
        owned.clear();
      },
    };
  }

  close(): void {
    for (const off of this.detach) off();
    this.signatures.clear();
    this.accounts.clear();
    this.slots.clear();
  }

  private receive(text: string, send: Send, owned: Set<number>): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      send(
        stringifyJson({
          jsonrpc: '2.0',
          error: { code: RPC_ERRORS.parseError, message: 'Parse error' },
          id: null,
        }),
      );
      return;
    }
    const request = (typeof parsed === 'object' ? parsed : null) as {
      jsonrpc?: unknown;
      id?: unknown;
      method?: unknown;
      params?: unknown;
    } | null;
    if (request === null || typeof request.method !== 'string') {
      send(
        stringifyJson({
          jsonrpc: '2.0',
          error: { code: RPC_ERRORS.invalidRequest, message: 'Invalid request' },
          id: null,
        }),
      );
      return;
    }
    // A message without an id is a notification (kit sends keep-alive pings): no answer.
    if (request.id === undefined) return;
    const id = request.id;
    const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
    const reply = (result: unknown) => send(stringifyJson({ jsonrpc: '2.0', result, id }));
    const fail = (code: number, message: string) =>
      send(stringifyJson({ jsonrpc: '2.0', error: { code, message }, id }));

    const exchange: Exchange = { send, owned, params, reply, fail };
    switch (request.method) {
      case 'signatureSubscribe':
        this.subscribeSignature(exchange);
        return;
      case 'accountSubscribe':
        this.subscribeAccount(exchange);
        return;
      case 'slotSubscribe':
        this.subscribeSlot(exchange);
        return;
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe':
        this.unsubscribe(exchange);
        return;
      default:
        // Real PubSub endpoints answer only subscription methods.
        fail(RPC_ERRORS.methodNotFound, 'Method not found');
        return;
    }
  }

  private subscribeSignature({ send, owned, params, reply, fail }: Exchange): void {
    const [signature, config] = params as [unknown, { commitment?: string } | undefined];
    if (typeof signature !== 'string') {
      fail(RPC_ERRORS.invalidParams, 'Invalid params: signature');
      return;
    }
    const subscription = this.nextId++;
    owned.add(subscription);
    reply(subscription);
    const existing = this.chain.getTransaction(signature);
    if (existing && (existing.durable || config?.commitment === 'processed')) {
      this.notifySignature(send, subscription, existing);
      return;
    }
    let subs = this.signatures.get(signature);
    if (!subs) {
      subs = new Map();
      this.signatures.set(signature, subs);
    }
    subs.set(subscription, send);
  }

  private subscribeAccount({ send, owned, params, reply, fail }: Exchange): void {
    const [address, config] = params as [unknown, { encoding?: unknown } | undefined];
    if (typeof address !== 'string') {
      fail(RPC_ERRORS.invalidParams, 'Invalid params: address');
      return;
    }
    const subscription = this.nextId++;
    owned.add(subscription);
    let subs = this.accounts.get(address);
    if (!subs) {
      subs = new Map();
      this.accounts.set(address, subs);
    }
    subs.set(subscription, { id: subscription, send, encoding: config?.encoding ?? 'base64' });
    reply(subscription);
  }

  private subscribeSlot({ send, owned, reply }: Exchange): void {
    const subscription = this.nextId++;
    owned.add(subscription);
    this.slots.set(subscription, send);
    reply(subscription);
  }

  private unsubscribe({ owned, params, reply, fail }: Exchange): void {
    const [subscription] = params;
    if (typeof subscription !== 'number') {
      fail(RPC_ERRORS.invalidParams, 'Invalid params: subscription id');
      return;
    }
    if (this.fired.delete(subscription)) {
      owned.delete(subscription);
      reply(true);
      return;
    }
    if (!owned.has(subscription)) {
      fail(RPC_ERRORS.invalidParams, 'Invalid subscription id.');
      return;
    }
    owned.delete(subscription);
    this.remove(subscription);
    reply(true);
  }

  private remove(subscription: number): void {
    this.slots.delete(subscription);
    this.fired.delete(subscription);
    for (const [key, subs] of this.signatures) {
      if (subs.delete(subscription) && subs.size === 0) this.signatures.delete(key);
    }
    for (const [key, subs] of this.accounts) {
      if (subs.delete(subscription) && subs.size === 0) this.accounts.delete(key);
    }
  }

  private notifySignature(send: Send, subscription: number, record: TransactionRecord): void {
    this.fired.add(subscription);
    send(
      stringifyJson({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: {
          result: { context: { slot: record.slot }, value: { err: record.err } },
          subscription,
        },
      }),
    );
  }

  private onCommit(record: TransactionRecord): void {
    const subs = this.signatures.get(record.signature);
    if (subs) {
      this.signatures.delete(record.signature);
      for (const [subscription, send] of subs) this.notifySignature(send, subscription, record);
    }
    if (this.accounts.size === 0) return;
    for (let i = 0; i < record.accountKeys.length; i++) {
      if (!record.writable[i]) continue;
      const address = record.accountKeys[i] as string;
      const accountSubs = this.accounts.get(address);
      if (!accountSubs) continue;
      const account = this.chain.getAccount(address) ?? {
        lamports: 0n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM_ID,
        executable: false,
        rentEpoch: 0n,
      };
      for (const sub of accountSubs.values()) {
        let value: unknown;
        try {
          value = encodeAccount(account, sub.encoding === 'jsonParsed' ? 'base64' : sub.encoding);
        } catch {
          value = encodeAccount(account, 'base64');
        }
        sub.send(
          stringifyJson({
            jsonrpc: '2.0',
            method: 'accountNotification',
            params: { result: { context: { slot: record.slot }, value }, subscription: sub.id },
          }),
        );
      }
    }
  }

  private onSlot(slot: number): void {
    if (this.slots.size === 0) return;
    for (const [subscription, send] of this.slots) {
      send(
        stringifyJson({
          jsonrpc: '2.0',
          method: 'slotNotification',
          params: { result: { parent: Math.max(0, slot - 1), root: slot, slot }, subscription },
        }),
      );
    }
  }
}
