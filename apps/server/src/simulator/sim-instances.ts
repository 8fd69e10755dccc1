import { randomUUID } from 'node:crypto';
import { USER_SUFFIX } from './jid.ts';
import * as repo from './simulator-repository.ts';
import type { SimInstance } from './simulator-repository.ts';
import { SIMULATED_VERSION } from './simulator-config.ts';
import type { Json, SimContext } from './simulator-context.ts';
import { badRequest, SimError } from './sim-error.ts';
import type { SimSession } from './sim-session.ts';
import { parseWebhook } from './sim-webhooks.ts';

function settingsOf() {
  return {
    rejectCall: false,
    msgCall: '',
    groupsIgnore: false,
    alwaysOnline: false,
    readMessages: false,
    readStatus: false,
    syncFullHistory: false,
    wavoipToken: '',
  };
}

/** Evolution's REST surface for instances: create, connect, state, list, logout, delete (docs/evolution-api-contract.md#21-post-instancecreate--201). */
export function createInstancesApi(ctx: SimContext, session: SimSession) {
  const { db, env, apiKey, emit } = ctx;
  const { instanceOr404, startConnecting, refreshQr, bareQr, endSession } = session;

  return {
    /** apikey = the global key, or (routes with :instanceName) that instance's token (docs/evolution-api-contract.md#1-auth-base-paths-instance-addressing). */
    authorize(presented: string | undefined, instance?: SimInstance | null): boolean {
      if (!presented) return false;
      if (presented === apiKey) return true;
      return Boolean(instance && presented === instance.token);
    },

    findInstance: (name: string) => repo.findInstance(db, name),

    info() {
      return {
        status: 200,
        message: 'Welcome to the Evolution API, it is working! (simulador VendAI)',
        version: SIMULATED_VERSION,
        clientName: 'vendai-simulator',
        manager: `${env.appUrl}/simulador`,
        documentation: 'docs/decisions/003-gateway-and-simulator.md',
        whatsappWebVersion: '2.3000.0',
      };
    },

    async createInstance(body: Json) {
      const instanceName = typeof body.instanceName === 'string' ? body.instanceName : '';
      if (!instanceName.trim()) throw badRequest('instanceName is required');
      if (body.integration !== 'WHATSAPP-BAILEYS') {
        throw badRequest(
          body.integration === 'WHATSAPP-BUSINESS' || body.integration === 'EVOLUTION'
            ? 'The simulator only plays WHATSAPP-BAILEYS'
            : 'Invalid integration',
        );
      }
      const webhook = body.webhook === undefined ? null : parseWebhook(body.webhook, true);
      const token = typeof body.token === 'string' && body.token ? body.token : randomUUID().toUpperCase();
      const created = await repo.insertInstance(db, { name: instanceName, token, webhook });
      if (!created) throw new SimError(403, [`This name "${instanceName}" is already in use.`]);
      emit(created, 'instance.create', { instanceName: created.name, instanceId: created.id });
      let instance = created;
      if (body.qrcode === true)
        instance = await startConnecting(created, typeof body.number === 'string' ? body.number : undefined);
      const qr = body.qrcode === true ? await bareQr(instance) : undefined;
      return {
        instance: {
          instanceName: instance.name,
          instanceId: instance.id,
          integration: instance.integration,
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: instance.state === 'open' ? 'open' : instance.state === 'connecting' ? 'connecting' : 'close',
        },
        hash: instance.token,
        webhook: {
          webhookUrl: webhook?.url,
          webhookHeaders: webhook?.headers,
          webhookByEvents: webhook?.byEvents,
          webhookBase64: webhook?.base64,
        },
        websocket: { enabled: false },
        rabbitmq: { enabled: false },
        nats: { enabled: false },
        sqs: { enabled: false },
        settings: settingsOf(),
        ...(qr ? { qrcode: qr } : {}),
      };
    },

    async connect(name: string, query: { number?: string }) {
      let instance = await instanceOr404(name);
      if (instance.state === 'open') return { instance: { instanceName: instance.name, state: 'open' } };
      instance = instance.state === 'close' ? await startConnecting(instance, query.number) : await refreshQr(instance);
      if (instance.state === 'open') return { instance: { instanceName: instance.name, state: 'open' } };
      return bareQr(instance);
    },

    async connectionState(name: string) {
      const instance = await refreshQr(await instanceOr404(name));
      return { instance: { instanceName: instance.name, state: instance.state } };
    },

    async fetchInstances(query: Json, presentedKey: string) {
      const filter = {
        name: typeof query.instanceName === 'string' ? query.instanceName : undefined,
        id: typeof query.instanceId === 'string' ? query.instanceId : undefined,
        number: typeof query.number === 'string' ? query.number : undefined,
        token: presentedKey === apiKey ? undefined : presentedKey,
      };
      const rows = await repo.listInstances(db, filter);
      if (filter.name && !rows.length) throw new SimError(404, [`Instance "${filter.name}" not found`]);
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          name: r.name,
          connectionStatus: r.state,
          ownerJid: r.ownerPhone ? `${r.ownerPhone}${USER_SUFFIX}` : null,
          profileName: r.profileName,
          profilePicUrl: null,
          integration: r.integration,
          number: null,
          businessId: null,
          token: r.token,
          clientName: 'vendai-simulator',
          disconnectionReasonCode: r.disconnectionReasonCode,
          disconnectionObject: null,
          disconnectionAt: r.disconnectionAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          Chatwoot: null,
          Proxy: null,
          Rabbitmq: null,
          Nats: null,
          Sqs: null,
          Websocket: null,
          Setting: {
            id: r.id,
            ...settingsOf(),
            createdAt: r.createdAt.toISOString(),
            updatedAt: r.updatedAt.toISOString(),
            instanceId: r.id,
          },
          _count: await repo.countsFor(db, r.id),
        })),
      );
    },

    async logout(name: string) {
      const instance = await instanceOr404(name);
      // 2.3.x: a closed instance answers 400 (2.4 answers SUCCESS; docs/evolution-api-contract.md#25-delete-instancelogoutname--200).
      if (instance.state === 'close') throw badRequest(`The "${name}" instance is not connected`);
      await endSession(instance, 401);
      return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
    },

    async deleteInstance(name: string) {
      const instance = await instanceOr404(name);
      const current = instance.state === 'close' ? instance : ((await endSession(instance, 401)) ?? instance);
      emit(current, 'instance.delete', { instanceName: current.name, instanceId: current.id });
      emit(current, 'remove.instance', null);
      await repo.deleteInstance(db, current.id);
      return { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } };
    },
  };
}
