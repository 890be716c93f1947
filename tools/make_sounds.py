"""Synthesize Birdhouse's sound effects and music loop into sounds/ as 16-bit mono .wav.

Why a script: the sounds are ours (no downloads, no licences to track), tiny, and
reproducible. Every sound is built from a seeded ``random.Random`` so re-running the
script writes byte-identical files and git sees no churn.

The background music (``music.wav``) is built differently from the effects: it is
mixed into a circular buffer, so anything ringing past the end wraps round to the
start and the file loops with no seam, and it is never faded at its edges.

Usage: ``python -m tools.make_sounds [out_dir]`` (default: the repository's sounds/).
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050
FADE_S = 0.005          # every sound starts and ends with a 5 ms fade: no clicks
MAX_BYTES = 60_000      # an asset budget, checked when writing

Samples = list[float]


# --- building blocks -------------------------------------------------------------

def silence(seconds: float) -> Samples:
    """A run of zeros, for gaps and for padding before mixing."""
    return [0.0] * int(seconds * RATE)


def sweep(f0: float, f1: float, seconds: float, shape: float = 1.0,
          harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A tone gliding from f0 to f1 Hz; ``shape`` > 1 lingers near f0 then rushes.

    Phase is accumulated sample by sample so the glide never jumps (a jump clicks).
    """
    n = int(seconds * RATE)
    out: Samples = []
    phase = 0.0
    for i in range(n):
        u = (i / n) ** shape
        freq = f0 + (f1 - f0) * u
        phase += 2.0 * math.pi * freq / RATE
        out.append(sum(a * math.sin(k * phase) for k, a in enumerate(harmonics, 1)))
    return out


def glide(points: list[tuple[float, float]], seconds: float) -> Samples:
    """A sine following a piecewise-linear pitch contour [(t 0..1, Hz), ...]."""
    n = int(seconds * RATE)
    out: Samples = []
    phase = 0.0
    j = 0
    for i in range(n):
        u = i / n
        while j < len(points) - 2 and u > points[j + 1][0]:
            j += 1
        (t0, f0), (t1, f1) = points[j], points[j + 1]
        k = 0.0 if t1 == t0 else min(1.0, max(0.0, (u - t0) / (t1 - t0)))
        phase += 2.0 * math.pi * (f0 + (f1 - f0) * k) / RATE
        out.append(math.sin(phase))
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    """White noise from the seeded generator passed in (never the global one)."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(xs: Samples, cutoff: float) -> Samples:
    """One-pole low-pass: cheap, gentle, enough to soften noise into a 'shh'."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out: Samples = []
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(xs: Samples, cutoff: float) -> Samples:
    """The complement of ``lowpass``: removes rumble so flicks stay crisp."""
    return [x - y for x, y in zip(xs, lowpass(xs, cutoff))]


def bandpass(xs: Samples, low: float, high: float) -> Samples:
    """Two one-pole filters in a row: a soft band, which is all paper needs."""
    return lowpass(highpass(xs, low), high)


def envelope(xs: Samples, attack: float, decay: float, curve: float = 1.0) -> Samples:
    """Linear attack then a power-curve decay to zero over the rest of the sound."""
    n = len(xs)
    a = max(1, int(attack * RATE))
    d = max(1, int(decay * RATE))
    out: Samples = []
    for i, x in enumerate(xs):
        if i < a:
            g = i / a
        else:
            g = max(0.0, 1.0 - (i - a) / d) ** curve
        out.append(x * g)
    return out[:n]


def bell(xs: Samples) -> Samples:
    """A sin-shaped swell and fade: the amplitude shape of a single bird note."""
    n = len(xs)
    return [x * math.sin(math.pi * i / n) for i, x in enumerate(xs)]


def mix(*tracks: tuple[float, Samples, float]) -> Samples:
    """Sum (start seconds, samples, gain) tracks into one buffer long enough for all."""
    end = max(int(start * RATE) + len(s) for start, s, _ in tracks)
    out = [0.0] * end
    for start, s, gain in tracks:
        o = int(start * RATE)
        for i, x in enumerate(s):
            out[o + i] += x * gain
    return out


def finish(xs: Samples, peak: float) -> Samples:
    """Normalize to ``peak`` and add the short fades that keep every edge click-free."""
    top = max((abs(x) for x in xs), default=0.0) or 1.0
    xs = [x * peak / top for x in xs]
    f = int(FADE_S * RATE)
    n = len(xs)
    for i in range(min(f, n)):
        g = i / f
        xs[i] *= g
        xs[n - 1 - i] *= g
    return xs


def write_wav(path: Path, xs: Samples, rate: int = RATE) -> int:
    """Write 16-bit mono PCM; returns the file size so the budget can be checked."""
    frames = struct.pack(f"<{len(xs)}h",
                         *(max(-32767, min(32767, int(round(x * 32767)))) for x in xs))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)
    return path.stat().st_size


# --- the sounds -----------------------------------------------------------------

def make_chirp(rng: random.Random) -> Samples:
    """Three quick up-and-down whistles, the last one highest: a cheerful tweet."""
    notes = []
    t = 0.0
    for lo, hi, length in ((2600, 4300, 0.075), (2900, 4700, 0.07), (3100, 5200, 0.11)):
        contour = [(0.0, lo), (0.45, hi + rng.uniform(-80, 80)), (1.0, lo * 0.85)]
        notes.append((t, bell(glide(contour, length)), 1.0))
        t += length + 0.035
    return finish(mix(*notes), 0.55)


def _flick(rng: random.Random, length: float = 0.035, bright: float = 5000.0) -> Samples:
    """One card edge snapping off a thumb: a crisp noise burst with a fast decay."""
    body = bandpass(noise(length, rng), 1200.0, bright)
    return envelope(body, 0.001, length, curve=2.5)


def make_flip(rng: random.Random) -> Samples:
    """A card flick plus the soft 'pap' of it landing face-up."""
    land = envelope(lowpass(noise(0.05, rng), 900.0), 0.002, 0.05, curve=2.0)
    thump = envelope(sweep(180, 110, 0.05), 0.002, 0.05, curve=2.0)
    return finish(mix((0.0, _flick(rng, 0.04), 1.0), (0.055, land, 1.6),
                      (0.055, thump, 0.25)), 0.6)


def make_slide(rng: random.Random) -> Samples:
    """Paper sliding on felt: low-passed noise that swells and fades."""
    n = noise(0.28, rng)
    band = bandpass(n, 500.0, 2200.0)
    return finish(envelope(band, 0.09, 0.19, curve=1.5), 0.45)


def make_shuffle(rng: random.Random) -> Samples:
    """A riffle: ~26 flicks, fast in the middle, with a little bridge 'brrp' at the end."""
    tracks: list[tuple[float, Samples, float]] = []
    t = 0.0
    count = 26
    for i in range(count):
        u = i / (count - 1)
        gap = 0.034 - 0.018 * math.sin(math.pi * u)   # slower, faster, slower
        tracks.append((t, _flick(rng, 0.022, rng.uniform(3500, 6000)),
                       rng.uniform(0.55, 1.0) * (0.6 + 0.4 * math.sin(math.pi * u))))
        t += gap + rng.uniform(-0.003, 0.003)
    bridge = envelope(bandpass(noise(0.12, rng), 400.0, 1800.0), 0.02, 0.1, curve=1.5)
    tracks.append((t + 0.02, bridge, 0.9))
    return finish(mix(*tracks), 0.6)


def make_tap(rng: random.Random) -> Samples:
    """A soft UI tick: a short high sine ping with a hint of click, quieter than the rest."""
    ping = envelope(sweep(1800, 1500, 0.05, harmonics=(1.0, 0.15)), 0.001, 0.045, 2.5)
    click = envelope(highpass(noise(0.006, rng), 2000.0), 0.0005, 0.006)
    return finish(mix((0.0, ping, 1.0), (0.0, click, 0.2)), 0.4)


def _note(freq: float, length: float) -> Samples:
    """A round marimba-ish note: fundamental plus soft overtones, quick decay."""
    tone = sweep(freq, freq, length, harmonics=(1.0, 0.3, 0.12, 0.05))
    return envelope(tone, 0.004, length, curve=1.8)


def make_win(rng: random.Random) -> Samples:
    """C-E-G-C up, a held chord, and a chirp on top: short, happy, not a fanfare."""
    step = 0.1
    tracks = [(i * step, _note(f, 0.35), 1.0)
              for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))]
    chord = [(4 * step, _note(f, 0.5), 0.45) for f in (523.25, 659.25, 783.99)]
    chirp = [(0.62, bell(glide([(0.0, 3000), (0.5, 5200), (1.0, 3600)], 0.08)), 0.35),
             (0.73, bell(glide([(0.0, 3300), (0.5, 5600), (1.0, 4000)], 0.1)), 0.35)]
    return finish(mix(*tracks, *chord, *chirp), 0.6)


def make_predator(rng: random.Random) -> Samples:
    """A low rough growl under a rising hiss: 'something hungry is here'."""
    length = 0.75
    n = int(length * RATE)
    growl: Samples = []
    phase = 0.0
    for i in range(n):
        u = i / n
        freq = 85 + 25 * math.sin(math.pi * u) + rng.uniform(-6, 6)
        phase += 2 * math.pi * freq / RATE
        saw = (phase / math.pi) % 2.0 - 1.0
        rough = 0.6 + 0.4 * math.sin(2 * math.pi * 23 * i / RATE)
        growl.append(saw * rough)
    growl = envelope(lowpass(growl, 700.0), 0.08, length - 0.08, curve=1.2)
    hiss = envelope(bandpass(noise(0.5, rng), 2500.0, 7000.0), 0.3, 0.2, curve=1.5)
    return finish(mix((0.0, growl, 1.0), (0.25, hiss, 0.35)), 0.65)


def make_deal(rng: random.Random) -> Samples:
    """A quick swish across the table ending in a light tap as the card lands."""
    swish_n = noise(0.12, rng)
    swish = envelope(bandpass(swish_n, 900.0, 3500.0), 0.03, 0.09, curve=1.5)
    land = envelope(lowpass(noise(0.03, rng), 1200.0), 0.001, 0.03, curve=2.0)
    return finish(mix((0.0, swish, 1.0), (0.1, land, 1.2)), 0.5)


def make_error(rng: random.Random) -> Samples:
    """A soft two-note 'nuh-uh' falling a fourth: says no without scolding."""
    def blip(f: float, length: float) -> Samples:
        tone = sweep(f, f * 0.97, length, harmonics=(1.0, 0.2))
        return envelope(tone, 0.01, length, curve=1.5)
    return finish(mix((0.0, blip(440.0, 0.11), 1.0), (0.12, blip(330.0, 0.16), 1.0)), 0.45)


# --- the music loop -------------------------------------------------------------
#
# A slow C-major-pentatonic tune on a kalimba-like tine over a soft pad (C, Am, F, G,
# two bars each), with two faint far-off chirps. 100 bpm, 8 bars = 19.2 s. Music is
# streamed, not preloaded, so it may be longer than an effect; 16 kHz keeps it small
# and is plenty for something this mellow.

MUSIC_RATE = 16000
MUSIC_BEAT_S = 0.6
MUSIC_BEATS = 32
MUSIC_PEAK = 0.2            # well under the quietest effect (tap, 0.4): it sits beneath
MUSIC_MAX_BYTES = 800_000
MUSIC_SEED = 2001           # apart from the effects' seeds, so neither disturbs the other

# Note frequencies (Hz) used below; equal temperament, A4 = 440.
_HZ = {"F2": 87.31, "G2": 98.00, "A2": 110.00, "C3": 130.81, "D3": 146.83,
       "E3": 164.81, "G3": 196.00, "A3": 220.00, "B3": 246.94, "C4": 261.63,
       "D4": 293.66, "E4": 329.63, "G4": 392.00, "A4": 440.00, "C5": 523.25,
       "D5": 587.33, "E5": 659.25, "G5": 783.99, "A5": 880.00, "C6": 1046.50}

# (beat, note): the tune. Mostly quarters and halves; the pick-up at beats 30-31 leads
# back into the first note, so the loop point sounds like the phrase continuing.
_MELODY: tuple[tuple[float, str], ...] = (
    (0, "E5"), (1, "G5"), (2, "A5"),
    (4, "G5"), (5, "E5"), (6, "D5"),
    (8, "C5"), (9, "E5"), (10, "A5"), (11.5, "G5"),
    (12, "E5"), (15, "D5"),
    (16, "C6"), (18, "A5"), (19, "G5"),
    (20, "A5"), (22, "G5"), (23, "E5"),
    (24, "D5"), (25, "G5"), (26, "E5"), (27, "D5"),
    (28, "D5"), (30, "A4"), (31, "C5"),
)

# One low tine per bar on a chord tone: a gentle bass line under the tune.
_BASS: tuple[str, ...] = ("C4", "G3", "A3", "E3", "C4", "A3", "G3", "D4")

# The pad: (first beat, voicing). Each chord lasts until the next; the last wraps.
_CHORDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0, ("C3", "G3", "D4", "E4")),      # Cadd9
    (8, ("A2", "E3", "G3", "C4")),      # Am7
    (16, ("F2", "C3", "A3", "E4")),     # Fmaj7
    (24, ("G2", "D3", "A3", "B3")),     # Gadd9: leans back into C at the loop
)

# (beat, gain): where the distant birds chirp. Off the beat, so they feel unplanned.
_BIRDS: tuple[tuple[float, float], ...] = ((9.6, 0.16), (25.3, 0.12))


def loop_add(buf: Samples, start: float, xs: Samples, gain: float) -> None:
    """Add ``xs`` into ``buf`` at ``start`` seconds, wrapping past the end.

    Wrapping is what makes the loop seamless: a note still ringing at the end of the
    file carries on at its start, so the last sample flows into the first.
    """
    n = len(buf)
    o = int(round(start * MUSIC_RATE))
    for i, x in enumerate(xs):
        buf[(o + i) % n] += x * gain


def tine(freq: float, seconds: float = 3.2) -> Samples:
    """A kalimba / music-box tine: a soft 6 ms onset and a long, gentle decay.

    Partials: the fundamental, a quiet octave, and the clamped-bar overtone (6.27x)
    that gives a tine its 'ting'; each decays faster than the one below it. Partials
    too close to Nyquist are dropped rather than aliased.
    """
    n = int(seconds * MUSIC_RATE)
    attack = int(0.006 * MUSIC_RATE)
    tail = int(0.4 * MUSIC_RATE)
    partials = [(k, a, tau) for k, a, tau in ((1.0, 1.0, 0.75), (2.0, 0.12, 0.3),
                                              (6.27, 0.07, 0.06))
                if k * freq < 0.44 * MUSIC_RATE]
    out: Samples = [0.0] * n
    for k, amp, tau in partials:
        w = 2.0 * math.pi * k * freq / MUSIC_RATE
        fall = math.exp(-1.0 / (tau * MUSIC_RATE))
        g = amp
        for i in range(n):
            out[i] += g * math.sin(w * i)
            g *= fall
    for i in range(attack):                       # raised-cosine onset: a pluck, no click
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / attack)
    for i in range(tail):                         # the last whisper of the decay to zero
        out[n - 1 - i] *= i / tail
    return out


def pad_chord(freqs: tuple[float, ...], seconds: float, fade: float,
              rng: random.Random) -> Samples:
    """A warm sustained chord: two slightly detuned sines per note (a slow chorus).

    The ends are sin^2 / cos^2 crossfades ``fade`` seconds long, so where one chord
    fades out and the next fades in the pad level stays constant.
    """
    n = int(seconds * MUSIC_RATE)
    f = int(fade * MUSIC_RATE)
    oscs = []
    for hz in freqs:
        for detune in (0.9985, 1.0015):
            w = 2.0 * math.pi * hz * detune / MUSIC_RATE
            oscs.append((w, rng.uniform(0, 2 * math.pi)))     # random phase: no pile-up
    out: Samples = []
    for i in range(n):
        x = 0.0
        for w, ph in oscs:
            p = w * i + ph
            x += math.sin(p) + 0.1 * math.sin(2.0 * p)
        if i < f:
            x *= math.sin(0.5 * math.pi * i / f) ** 2
        elif i >= n - f:
            x *= math.sin(0.5 * math.pi * (n - 1 - i) / f) ** 2
        out.append(x)
    return out


def distant_chirp(rng: random.Random) -> Samples:
    """Two or three little whistles, dulled by distance, with a faint echo behind."""
    tracks: list[tuple[int, Samples]] = []
    t = 0
    for _ in range(rng.choice((2, 3))):
        length = rng.uniform(0.06, 0.1)
        lo, hi = rng.uniform(2400, 3000), rng.uniform(3800, 4600)
        n = int(length * MUSIC_RATE)
        phase = 0.0
        note: Samples = []
        for i in range(n):
            u = i / n
            freq = lo + (hi - lo) * math.sin(math.pi * min(1.0, u / 0.9))
            phase += 2.0 * math.pi * freq / MUSIC_RATE
            note.append(math.sin(phase) * math.sin(math.pi * u))
        tracks.append((t, note))
        t += n + int(rng.uniform(0.03, 0.05) * MUSIC_RATE)
    echo = int(0.13 * MUSIC_RATE)
    out = [0.0] * (t + echo)
    for o, note in tracks:
        for i, x in enumerate(note):
            out[o + i] += x
            out[o + echo + i] += 0.3 * x
    a = 1.0 - math.exp(-2.0 * math.pi * 2500.0 / MUSIC_RATE)   # far away: no sparkle
    y = 0.0
    for i, x in enumerate(out):
        y += a * (x - y)
        out[i] = y
    return out


def loop_echo(xs: Samples, delay: float, gains: tuple[float, ...]) -> Samples:
    """A few fading repeats of ``xs``, taken round the loop so the echo wraps too."""
    n = len(xs)
    d = int(round(delay * MUSIC_RATE))
    out = list(xs)
    for k, g in enumerate(gains, start=1):
        for i in range(n):
            out[i] += g * xs[(i - k * d) % n]
    return out


def make_music(rng: random.Random) -> Samples:
    """The background loop: tine melody with echo, tine bass, pad, distant birds."""
    beat = MUSIC_BEAT_S
    n = int(round(MUSIC_BEATS * beat * MUSIC_RATE))
    tines = [0.0] * n
    for b, name in _MELODY:
        when = b * beat + rng.uniform(-0.006, 0.006)       # a human hand, not a grid
        loop_add(tines, when, tine(_HZ[name]), rng.uniform(0.8, 1.0))
    for bar, name in enumerate(_BASS):
        loop_add(tines, bar * 4 * beat, tine(_HZ[name], 3.0), rng.uniform(0.4, 0.5))
    out = loop_echo(tines, 0.75 * beat, (0.22, 0.08))

    fade = 1.2
    for i, (b, voicing) in enumerate(_CHORDS):
        next_b = _CHORDS[(i + 1) % len(_CHORDS)][0] or MUSIC_BEATS
        length = (next_b - b) * beat + fade
        chord = pad_chord(tuple(_HZ[v] for v in voicing), length, fade, rng)
        loop_add(out, b * beat - fade / 2, chord, 0.07)

    for b, gain in _BIRDS:
        loop_add(out, b * beat, distant_chirp(rng), gain)

    top = max(abs(x) for x in out) or 1.0
    return [x * MUSIC_PEAK / top for x in out]       # no fades: the seam must flow


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "chirp": make_chirp,
    "flip": make_flip,
    "slide": make_slide,
    "shuffle": make_shuffle,
    "tap": make_tap,
    "win": make_win,
    "predator": make_predator,
    "deal": make_deal,
    "error": make_error,
}


def build_music(out_dir: Path) -> int:
    """Write ``music.wav`` (own seed, rate and budget); returns its size in bytes."""
    size = write_wav(out_dir / "music.wav", make_music(random.Random(MUSIC_SEED)),
                     MUSIC_RATE)
    if size > MUSIC_MAX_BYTES:
        raise ValueError(f"music.wav is {size} bytes, over the {MUSIC_MAX_BYTES} budget")
    return size


def build_all(out_dir: Path) -> dict[str, int]:
    """Write every sound into ``out_dir``; each gets its own seed so edits stay local."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}
    for seed, (name, make) in enumerate(sorted(SOUNDS.items()), start=1):
        samples = make(random.Random(1000 + seed))
        size = write_wav(out_dir / f"{name}.wav", samples)
        if size > MAX_BYTES:
            raise ValueError(f"{name}.wav is {size} bytes, over the {MAX_BYTES} budget")
        sizes[name] = size
    sizes["music"] = build_music(out_dir)
    return sizes


def main(argv: list[str]) -> int:
    """Command-line entry: build, then print one line per file."""
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "sounds"
    for name, size in build_all(out_dir).items():
        print(f"{out_dir / (name + '.wav')}: {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
