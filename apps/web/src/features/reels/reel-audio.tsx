import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Play, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../post/index.ts';

/**
 * An audio reel: the author's picture on a turning disc, the play/pause button and a progress
 * line. It plays while its reel is in view (`active`) and pauses when it leaves; until the page
 * may play sound (`soundAllowed`, after the first gesture) it plays muted and offers to turn the
 * sound on. A pause pressed by the person holds until the reel is left.
 */
export function ReelAudio({
  url,
  active,
  preload,
  soundAllowed,
  onAllowSound,
  authorName,
  avatarUrl,
}: {
  url: string;
  active: boolean;
  preload: 'auto' | 'metadata';
  soundAllowed: boolean;
  onAllowSound: () => void;
  authorName: string;
  avatarUrl: string | null;
}) {
  const { t } = useLingui();
  const audioRef = useRef<HTMLAudioElement>(null);
  const pausedByPerson = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(!soundAllowed);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!active) {
      if (!audio.paused) audio.pause();
      pausedByPerson.current = false;
      return;
    }
    audio.muted = !soundAllowed;
    if (!pausedByPerson.current) startPlaying(audio);
  }, [active, soundAllowed]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      pausedByPerson.current = false;
      // A press is the gesture browsers wait for: the sound comes on with it.
      onAllowSound();
      audio.muted = false;
      startPlaying(audio);
    } else {
      pausedByPerson.current = true;
      audio.pause();
    }
  };

  const label = playing ? t`Pause audio` : t`Play audio`;
  return (
    <div className="relative flex h-full w-full flex-col items-center justify-center gap-6 pr-20 pb-16 pl-6 lg:px-6">
      <div
        aria-hidden="true"
        className={cn(
          'grid size-44 place-items-center rounded-full bg-[repeating-radial-gradient(circle,#0b0a12_0,#0b0a12_3px,#1b1828_4px,#0b0a12_6px)] shadow-[0_20px_60px_-20px_var(--color-accent)] ring-1 ring-white/10 motion-safe:animate-[spin_12s_linear_infinite] sm:size-56',
          !playing && '[animation-play-state:paused]',
        )}
      >
        <span className="grid place-items-center rounded-full bg-vibe p-1">
          <Avatar name={authorName} src={avatarUrl} size="xl" />
        </span>
      </div>
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        data-testid="reel-play-toggle"
        className="grid size-16 place-items-center rounded-full bg-white text-black shadow-xl transition-transform hover:scale-105 active:scale-95 motion-reduce:transition-none"
      >
        {playing ? (
          <Pause className="size-7 fill-current" aria-hidden="true" />
        ) : (
          <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
        )}
      </button>
      <div
        aria-hidden="true"
        className="h-1 w-full max-w-xs overflow-hidden rounded-full bg-white/20"
      >
        <div
          className="h-full rounded-full bg-vibe transition-[width] duration-300 ease-linear motion-reduce:transition-none"
          style={{ width: `${Math.round(progress * 100)}%` }}
        />
      </div>
      {active && playing && muted && (
        <button
          type="button"
          onClick={() => {
            onAllowSound();
            if (audioRef.current) audioRef.current.muted = false;
          }}
          className="absolute top-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/20 backdrop-blur-md hover:bg-black/75"
        >
          <VolumeX className="size-4" aria-hidden="true" />
          <Trans>Tap for sound</Trans>
        </button>
      )}
      <audio
        ref={audioRef}
        src={url}
        preload={preload}
        loop
        muted={!soundAllowed}
        aria-label={t`Audio shared by ${authorName}`}
        data-testid="reel-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget;
          setProgress(duration > 0 && Number.isFinite(duration) ? currentTime / duration : 0);
        }}
      />
    </div>
  );
}

/**
 * Starts the audio. Refused with sound (no gesture yet, whatever the page thought), it plays
 * muted instead; a pause that interrupts the start (the reel left at once) is no error.
 */
function startPlaying(audio: HTMLAudioElement): void {
  audio.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'NotAllowedError' && !audio.muted) {
      audio.muted = true;
      audio.play().catch(() => {});
    }
  });
}
