"""Seeded input fuzz through the real app: 20,000 frames of random keys, clicks, mouse
moves and controller events (pads plugged in and pulled out, and events from pads that
never existed), across the menus and a table of every playable game.

Nothing may escape or even be caught by the crash guard, the scene stack never empties,
and any game in progress keeps its engine invariants.
"""
import json
import random

import pygame
import pytest

from game.engine import GAMES, state_from_dict
from game.session import Match, default_seats
from scenes.table.scene import TableScene
from scenes.table.spec import make_table, playable
from scenes.title import Title
from tests.harness import make_app

FRAMES = 20_000
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_p, pygame.K_q, pygame.K_e,
        pygame.K_h, pygame.K_x, pygame.K_F1]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
           pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_START,
           pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
           pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_BACK]


def random_event(rng: random.Random, pads: list[int]) -> pygame.event.Event:
    roll = rng.random()
    if roll < 0.35:
        kind = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
        return pygame.event.Event(kind, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    if roll < 0.55:
        pos = (rng.randrange(1920), rng.randrange(1080))
        if rng.random() < 0.6:
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3, 2)))
    if roll < 0.58:
        return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=rng.randrange(4))
    if roll < 0.60 and pads:
        return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=rng.choice(pads))
    instance = rng.choice(pads + [999]) if pads else 999  # 999: never announced
    if roll < 0.85:
        kind = pygame.CONTROLLERBUTTONDOWN if rng.random() < 0.7 else pygame.CONTROLLERBUTTONUP
        return pygame.event.Event(kind, instance_id=instance, button=rng.choice(BUTTONS))
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance,
                              axis=rng.choice((pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY)),
                              value=rng.randint(-32768, 32767))


def check_invariants(table: TableScene, deep: bool) -> None:
    state = table.state
    if state.is_terminal():
        assert state.current_player is None and state.winners()
        return
    assert 0 <= state.current_player < state.num_players
    assert state.legal_actions(), "a running game must offer a move"
    data = state.to_dict()
    json.dumps(data)
    if deep:
        assert state_from_dict(data).to_dict() == data


@pytest.mark.slow
def test_twenty_thousand_frames_of_random_input(tmp_path):
    app = make_app(tmp_path, draw=25)   # every 25th frame drawn (800 pictures of the states
    #                                     it passes through): the draw code is still fuzzed
    app.input.opener = lambda index: (100 + index, f"Fuzz pad {index}", None)
    rng = random.Random(20261129)
    games = [g for g in GAMES if playable(g)]
    app.stack.push(Title(app.ctx))
    app.stack.apply_pending()
    quits = 0
    tables_seen = set()
    per_game = FRAMES // (len(games) + 1)
    try:
        for frame in range(FRAMES):
            if games and frame % per_game == per_game // 2 and frame // per_game < len(games):
                game_id = games[frame // per_game]
                info = GAMES[game_id]
                match = Match(game_id, default_seats(info.min_players + 1), seed=frame)
                app.stack.reset(make_table(app.ctx, match))
            pads = [d.instance_id for d in app.input.controllers()]
            for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
                pygame.event.post(random_event(rng, pads))
            app.frame(1 / 60)
            assert not app.crashes, f"frame {frame}: a scene raised (see the crash log)"
            assert app.stack.scenes, f"frame {frame}: the scene stack is empty"
            if not app.running:  # the fuzzer chose Quit: count it and carry on
                quits += 1
                app.running = True
            table = app.stack.find(TableScene)
            if table is not None:
                tables_seen.add(table.match.game_id)
                if frame % 25 == 0:
                    check_invariants(table, deep=frame % 500 == 0)
    finally:
        pygame.quit()
    assert tables_seen >= set(games), f"the fuzz never reached {set(games) - tables_seen}"
