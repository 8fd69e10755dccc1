import { SIM_LIMITS, type SimOutgoingMessage } from '@vendai/contracts';
import { Mic, Square } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { onlyDigits } from '../lib/format';
import { bytesToBase64, FILE_TOO_BIG, fileToBase64, imageSize, sampleImage, sampleVoiceNote } from '../lib/media';

/** The attachment dialog's forms, one per kind (attach-dialog.tsx). */

export type FormProps = { busy: boolean; send: (build: () => Promise<SimOutgoingMessage>) => Promise<void> };

function Actions({ busy, children }: { busy: boolean; children?: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      {children}
      <Button type="submit" disabled={busy}>
        {busy ? 'Enviando...' : 'Enviar'}
      </Button>
    </div>
  );
}

export function ImageForm({ busy, send }: FormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => {
      if (!file) throw new Error('Escolha uma imagem ou use a de exemplo.');
      const { width, height } = await imageSize(file);
      return {
        type: 'image',
        base64: await fileToBase64(file),
        mimetype: file.type || 'image/jpeg',
        caption: caption.trim() || undefined,
        width: width || undefined,
        height: height || undefined,
      };
    });
  };
  const sample = () =>
    void send(async () => {
      const img = await sampleImage();
      return { type: 'image', ...img, caption: caption.trim() || undefined };
    });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="sim-image-file" label="Imagem (até 8 MB)">
        <input
          id="sim-image-file"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
        />
      </Field>
      <Field id="sim-image-caption" label="Legenda (opcional)">
        <Input
          id="sim-image-caption"
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          maxLength={SIM_LIMITS.captionMax}
        />
      </Field>
      <Actions busy={busy}>
        <Button type="button" variant="secondary" disabled={busy} onClick={sample}>
          Usar imagem de exemplo
        </Button>
      </Actions>
    </form>
  );
}

export function AudioForm({ busy, send }: FormProps) {
  const [seconds, setSeconds] = useState('5');
  const [recording, setRecording] = useState<{ recorder: MediaRecorder; startedAt: number } | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);
  const chunks = useRef<Blob[]>([]);
  const canRecord =
    typeof window !== 'undefined' && 'MediaRecorder' in window && Boolean(navigator.mediaDevices?.getUserMedia);
  useEffect(() => () => recording?.recorder.stream.getTracks().forEach((t) => t.stop()), [recording]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => {
      const s = Number(seconds);
      if (!Number.isInteger(s) || s < 1 || s > 60) throw new Error('Escolha uma duração entre 1 e 60 segundos.');
      return { type: 'audio', base64: bytesToBase64(sampleVoiceNote(s)), mimetype: 'audio/wav', seconds: s };
    });
  };

  const startRecording = async () => {
    setRecordError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      chunks.current = [];
      recorder.ondataavailable = (ev) => chunks.current.push(ev.data);
      recorder.start();
      setRecording({ recorder, startedAt: Date.now() });
    } catch {
      setRecordError('Não foi possível usar o microfone. Permita o acesso ou envie o áudio de exemplo.');
    }
  };
  const stopAndSend = () => {
    if (!recording) return;
    const { recorder, startedAt } = recording;
    recorder.onstop = () => {
      recorder.stream.getTracks().forEach((t) => t.stop());
      const blob = new Blob(chunks.current, { type: recorder.mimeType || 'audio/webm' });
      const s = Math.max(1, Math.round((Date.now() - startedAt) / 1000));
      setRecording(null);
      void send(async () => ({
        type: 'audio',
        base64: await fileToBase64(blob),
        mimetype: blob.type || 'audio/webm',
        seconds: Math.min(s, SIM_LIMITS.audioMaxSeconds),
      }));
    };
    recorder.stop();
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {canRecord ? (
        <div className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-medium text-slate-800">Gravar com o microfone</p>
          {recordError ? <p className="mt-1 text-sm text-red-700">{recordError}</p> : null}
          <div className="mt-2">
            {recording ? (
              <Button type="button" variant="danger" onClick={stopAndSend}>
                <Square aria-hidden /> Parar e enviar
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => void startRecording()} disabled={busy}>
                <Mic aria-hidden /> Gravar
              </Button>
            )}
          </div>
        </div>
      ) : null}
      <Field id="sim-audio-seconds" label="Ou envie um áudio de exemplo com esta duração (segundos)">
        <Input
          id="sim-audio-seconds"
          type="number"
          min={1}
          max={60}
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
        />
      </Field>
      <Actions busy={busy || Boolean(recording)} />
    </form>
  );
}

export function DocumentForm({ busy, send }: FormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => {
      if (!file) throw new Error('Escolha um arquivo.');
      if (file.size > SIM_LIMITS.mediaMaxBytes) throw new Error(FILE_TOO_BIG);
      return {
        type: 'document',
        base64: await fileToBase64(file),
        mimetype: file.type || 'application/octet-stream',
        fileName: file.name,
        caption: caption.trim() || undefined,
      };
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="sim-doc-file" label="Arquivo (até 8 MB)">
        <input
          id="sim-doc-file"
          type="file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
        />
      </Field>
      <Field id="sim-doc-caption" label="Legenda (opcional)">
        <Input
          id="sim-doc-caption"
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          maxLength={SIM_LIMITS.captionMax}
        />
      </Field>
      <Actions busy={busy} />
    </form>
  );
}

export function LocationForm({ busy, send }: FormProps) {
  const [lat, setLat] = useState('-23.561414');
  const [lng, setLng] = useState('-46.655881');
  const [name, setName] = useState('MASP');
  const [address, setAddress] = useState('Av. Paulista, 1578 - Bela Vista, São Paulo - SP');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => {
      const latitude = Number(lat.replace(',', '.'));
      const longitude = Number(lng.replace(',', '.'));
      if (!lat.trim() || !Number.isFinite(latitude)) throw new Error('Latitude inválida.');
      if (!lng.trim() || !Number.isFinite(longitude)) throw new Error('Longitude inválida.');
      return {
        type: 'location',
        latitude,
        longitude,
        name: name.trim() || undefined,
        address: address.trim() || undefined,
      };
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <Field id="sim-loc-lat" label="Latitude">
          <Input id="sim-loc-lat" inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} />
        </Field>
        <Field id="sim-loc-lng" label="Longitude">
          <Input id="sim-loc-lng" inputMode="decimal" value={lng} onChange={(e) => setLng(e.target.value)} />
        </Field>
      </div>
      <Field id="sim-loc-name" label="Nome do lugar (opcional)">
        <Input id="sim-loc-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
      </Field>
      <Field id="sim-loc-address" label="Endereço (opcional)">
        <Input id="sim-loc-address" value={address} onChange={(e) => setAddress(e.target.value)} maxLength={200} />
      </Field>
      <Actions busy={busy} />
    </form>
  );
}

export function ContactForm({ busy, send }: FormProps) {
  const [displayName, setDisplayName] = useState('');
  const [phone, setPhone] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(async () => ({ type: 'contact', displayName: displayName.trim(), phone }));
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="sim-contact-name" label="Nome do contato">
        <Input
          id="sim-contact-name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          maxLength={SIM_LIMITS.nameMax}
        />
      </Field>
      <Field id="sim-contact-phone" label="Número do contato (DDI + DDD + número)" hint="Ex.: 5511987654321">
        <Input
          id="sim-contact-phone"
          inputMode="numeric"
          value={phone}
          onChange={(e) => setPhone(onlyDigits(e.target.value))}
          maxLength={15}
        />
      </Field>
      <Actions busy={busy} />
    </form>
  );
}
