import { randomBytes } from 'node:crypto';
import { USER_SUFFIX } from './jid.ts';
import { qrDataUri } from './qr-image.ts';
import * as repo from './simulator-repository.ts';
import type { SimInstance } from './simulator-repository.ts';
import { SIMULATOR_APPROVE_PAGE } from './simulator-config.ts';
import type { SimContext } from './simulator-context.ts';
import { notFoundInstance } from './sim-error.ts';

/**
 * An instance's session: the QR cycle (close → connecting with QR 1, rotation when a QR expires,
 * refused past the limit) and the end of a session (logout or an unlinked phone). A sweep rotates
 * expired QRs even when nobody asks for them.
 */
export type SimSession = ReturnType<typeof createSimSession>;

export function createSimSession(ctx: SimContext) {
  const { db, env, timing, emit } = ctx;

  const newQrToken = () => randomBytes(12).toString('base64url');
  /** The QR's content: the page's approval view for this instance and this QR. */
  const qrContent = (name: string, token: string) =>
    `${env.appUrl}${SIMULATOR_APPROVE_PAGE}/${encodeURIComponent(name)}?code=${token}`;

  async function bareQr(instance: SimInstance) {
    if (!instance.qrCode) return { count: 0 };
    const code = qrContent(instance.name, instance.qrCode);
    return { pairingCode: instance.pairingCode, code, base64: await qrDataUri(code), count: instance.qrCount };
  }

  async function emitQr(instance: SimInstance) {
    if (!instance.qrCode) return;
    const code = qrContent(instance.name, instance.qrCode);
    emit(instance, 'qrcode.updated', {
      qrcode: { instance: instance.name, pairingCode: instance.pairingCode, code, base64: await qrDataUri(code) },
    });
  }

  /** close → connecting with QR 1 (connection.update connecting, qrcode.updated). */
  async function startConnecting(instance: SimInstance, pairingNumber?: string): Promise<SimInstance> {
    const pairing = pairingNumber ? randomBytes(4).toString('hex').toUpperCase() : null;
    const started = await repo.startQrCycle(
      db,
      instance.id,
      newQrToken(),
      new Date(Date.now() + timing.qrTtlMs),
      pairing,
    );
    if (!started) return (await repo.findInstance(db, instance.name)) ?? instance;
    emit(started, 'connection.update', { instance: started.name, state: 'connecting', statusReason: 200 });
    await emitQr(started);
    return started;
  }

  /** Draws the next QR when the current one expired; past the limit the instance gives up (refused). */
  async function refreshQr(instance: SimInstance): Promise<SimInstance> {
    if (
      instance.state !== 'connecting' ||
      !instance.qrCode ||
      !instance.qrExpiresAt ||
      instance.qrExpiresAt.getTime() > Date.now()
    )
      return instance;
    if (instance.qrCount >= timing.qrLimit) {
      const closedRow = await repo.closeSession(db, instance.id, 428);
      if (closedRow) {
        emit(closedRow, 'qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 });
        emit(closedRow, 'connection.update', {
          instance: closedRow.name,
          state: 'refused',
          statusReason: 428,
          wuid: closedRow.ownerPhone ? `${closedRow.ownerPhone}${USER_SUFFIX}` : undefined,
          profileName: closedRow.profileName ?? undefined,
          profilePictureUrl: null,
        });
        return closedRow;
      }
      return (await repo.findInstance(db, instance.name)) ?? instance;
    }
    const rotated = await repo.rotateQr(
      db,
      instance.id,
      instance.qrCode,
      newQrToken(),
      new Date(Date.now() + timing.qrTtlMs),
    );
    if (rotated) {
      await emitQr(rotated);
      return rotated;
    }
    return (await repo.findInstance(db, instance.name)) ?? instance;
  }

  let sweeping = false;
  /** Runs the QR sweep now (expired QRs rotate, the limit refuses). */
  async function sweep() {
    if (sweeping || ctx.isClosed()) return;
    sweeping = true;
    try {
      for (const instance of await repo.expiredQrInstances(db)) await refreshQr(instance);
    } catch (err) {
      if (!ctx.isClosed()) ctx.log.error({ err }, 'simulator QR sweep failed');
    } finally {
      sweeping = false;
    }
  }
  ctx.every(timing.qrSweepMs, () => void sweep());

  /** Ends a session the way a logout or an unlinked phone does (status.instance, logout.instance, close 401). */
  async function endSession(instance: SimInstance, reason: number): Promise<SimInstance | null> {
    const row = await repo.closeSession(db, instance.id, reason);
    if (!row) return null;
    emit(row, 'status.instance', {
      instance: row.name,
      status: 'closed',
      disconnectionAt: row.disconnectionAt?.toISOString(),
      disconnectionReasonCode: reason,
      disconnectionObject: JSON.stringify({ error: { output: { statusCode: reason } } }),
    });
    emit(row, 'logout.instance', { instance: row.name, instanceId: row.id });
    emit(row, 'connection.update', { instance: row.name, state: 'close', statusReason: reason });
    return row;
  }

  async function instanceOr404(name: string): Promise<SimInstance> {
    const instance = await repo.findInstance(db, name);
    if (!instance) throw notFoundInstance(name);
    return instance;
  }

  return { qrContent, bareQr, startConnecting, refreshQr, sweep, endSession, instanceOr404 };
}
