"""The scene stack: lifecycle order, changes between frames, overlays, input routing."""
import pygame

from game.input import Act, Input, KBM
from game.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, consume=True, transparent=False, modal=True):
        super().__init__(ctx=None)
        self.label, self.log, self.consume = name, log, consume
        self.transparent, self.modal = transparent, modal
        self.updates = 0

    def enter(self): self.log.append(f"{self.label}.enter")
    def exit(self): self.log.append(f"{self.label}.exit")
    def pause(self): self.log.append(f"{self.label}.pause")
    def resume(self): self.log.append(f"{self.label}.resume")

    def handle(self, event):
        self.log.append(f"{self.label}.handle")
        return self.consume

    def update(self, dt): self.updates += 1
    def draw(self, surface): self.log.append(f"{self.label}.draw")


def test_lifecycle_hooks_run_in_order():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.apply_pending()
    stack.push(b)
    stack.apply_pending()
    stack.replace(c)
    stack.apply_pending()
    stack.pop()
    stack.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]
    assert stack.top is a


def test_changes_wait_for_the_frame_boundary():
    log, stack = [], SceneStack()
    a = Probe("a", log)
    stack.push(a)
    assert stack.top is None and stack.has_pending()
    stack.apply_pending()
    stack.pop()
    assert stack.top is a  # still there until applied
    stack.apply_pending()
    assert len(stack) == 0


def test_reset_clears_everything():
    log, stack = [], SceneStack()
    for name in "abc":
        stack.push(Probe(name, log))
    stack.apply_pending()
    log.clear()
    stack.reset(Probe("t", log))
    stack.apply_pending()
    assert log == ["c.exit", "b.exit", "a.exit", "t.enter"]
    assert len(stack) == 1


def test_transparent_overlay_draws_the_scene_below():
    log, stack = [], SceneStack()
    stack.push(Probe("under", log))
    stack.push(Probe("hidden_by", log))
    stack.push(Probe("overlay", log, transparent=True))
    stack.apply_pending()
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["hidden_by.draw", "overlay.draw"]


def test_only_the_top_scene_updates():
    log, stack = [], SceneStack()
    game, pause = Probe("game", log), Probe("pause", log, transparent=True)
    stack.push(game)
    stack.push(pause)
    stack.apply_pending()
    stack.update(0.1)
    assert game.updates == 0 and pause.updates == 1


def test_input_stops_at_a_modal_scene_and_falls_through_a_non_modal_one():
    log, stack = [], SceneStack()
    stack.push(Probe("game", log))
    stack.push(Probe("toast", log, consume=False, modal=False))
    stack.apply_pending()
    assert stack.handle(Input(Act.CONFIRM, KBM))
    assert log[-2:] == ["toast.handle", "game.handle"]
    stack.push(Probe("dialog", log, consume=False, modal=True))
    stack.apply_pending()
    log.clear()
    assert not stack.handle(Input(Act.CONFIRM, KBM))
    assert log == ["dialog.handle"]


def test_two_backs_in_one_frame_close_only_the_overlay():
    """A pause overlay asked to close twice before the frame ends must not take the game."""
    log, stack = [], SceneStack()
    game, pause = Probe("game", log), Probe("pause", log, transparent=True)
    stack.push(game)
    stack.push(pause)
    stack.apply_pending()
    stack.pop()
    stack.pop()
    stack.apply_pending()
    assert stack.scenes == [game]


def test_input_after_a_requested_change_waits_for_the_next_frame():
    log, stack = [], SceneStack()
    stack.push(Probe("title", log))
    stack.apply_pending()
    stack.push(Probe("menu", log))
    log.clear()
    assert stack.handle(Input(Act.CONFIRM, KBM))   # swallowed: the title is being covered
    assert log == []
    stack.apply_pending()
    log.clear()
    stack.handle(Input(Act.CONFIRM, KBM))
    assert log == ["menu.handle"]


def test_ctx_go_opens_a_screen_by_its_route_name():
    """ctx.go makes the scene the app's routes name and pushes, replaces or resets with
    it; a wrong ``how`` is refused before anything is made."""
    import pytest

    from game.context import Context

    log, made = [], []

    class Shell:
        stack = SceneStack()

        def make(self, route, *args, **kwargs):
            made.append((route, args, kwargs))
            return Probe(route, log)

    shell = Shell()
    ctx = Context(shell, None, None, None, None, None, None, None)
    first = ctx.go("title")
    ctx.go("pause", "cubirds", table=None)
    shell.stack.apply_pending()
    assert shell.stack.scenes == [first, shell.stack.top] and shell.stack.top.label == "pause"
    assert made[-1] == ("pause", ("cubirds",), {"table": None})
    ctx.go("results", how="replace")
    shell.stack.apply_pending()
    assert [s.label for s in shell.stack.scenes] == ["title", "results"]
    ctx.go("attract", how="reset")
    shell.stack.apply_pending()
    assert [s.label for s in shell.stack.scenes] == ["attract"]
    with pytest.raises(ValueError):
        ctx.go("title", how="pop")
    assert len(made) == 4 and ctx.make("error").label == "error" and len(made) == 5
