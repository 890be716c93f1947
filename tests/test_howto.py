"""How to play: every page of every game renders at 1080p, readable from the couch, with
pictures drawn by the game's own card painter and their notes inside the page."""
import pytest
import pygame

from game.engine import GAMES
from scenes.rules import BODY, Rules, _plain_card
from scenes.table.howto import Note, Page, Picture, Row, cards
from sprites import cubirds_cards, yard_birbs_cards, ui
from sprites.flappy_families_cards import FFCards
from sprites.flip_a_bird_cards import FabCards
from tests.harness import make_app, show

# what the tables paint their cards with: a page's pictures must come from these
PAINTERS = {
    "cubirds": (cubirds_cards, ("face", "back", "chip")),
    "flip_a_bird": (FabCards, ("face", "back", "tip", "pip", "special_pip")),
    "flappy_families": (FFCards, ("face", "back", "slot_frame", "token")),
    "yard_birbs": (yard_birbs_cards, ("face", "back", "token", "ability_card")),
}


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    pygame.quit()


def spy_on_painter(monkeypatch, game_id: str) -> list[str]:
    """Record every call of the game's table painter."""
    calls: list[str] = []
    owner, names = PAINTERS[game_id]
    for name in names:
        real = getattr(owner, name)

        def wrapper(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)
        monkeypatch.setattr(owner, name, wrapper)
    return calls


def problems_of(scene: Rules) -> list[str]:
    """What the current page gets wrong: anything outside the page or the safe area,
    notes or labels on top of each other or of a card, words over the pictures."""
    problems = []
    placed = scene.placed
    for item in placed:
        if not BODY.contains(item.rect) or not ui.SAFE.contains(item.rect):
            problems.append(f"{item.kind} {item.what!r} outside the page at {item.rect}")
    by_kind = {k: [i for i in placed if i.kind == k]
               for k in ("text", "card", "note", "label", "title", "tag", "cell")}
    cells = by_kind["cell"]
    for n, a in enumerate(cells):
        for b in cells[n + 1:] + [i for i in placed if i.kind not in ("cell", "text")]:
            if a.rect.colliderect(b.rect):
                problems.append(f"table cell {a.what!r} overlaps {b.kind} {b.what!r}")
    for kind in ("note", "label", "tag"):
        items = by_kind[kind]
        for n, a in enumerate(items):
            for b in items[n + 1:]:
                if a.rect.colliderect(b.rect):
                    problems.append(f"{kind} {a.what!r} overlaps {b.what!r}")
            for c in by_kind["card"] + by_kind["title"]:
                if a.rect.colliderect(c.rect):
                    problems.append(f"{kind} {a.what!r} covers {c.what!r}")
    texts = by_kind["text"]
    for n, a in enumerate(texts):
        for b in texts[n + 1:]:
            if a.rect.colliderect(b.rect):
                problems.append(f"the words {a.what[:20]!r} run into {b.what[:20]!r}")
    art = [i for i in placed if i.kind != "text"]
    for text in by_kind["text"]:
        for item in art:
            if text.rect.colliderect(item.rect):
                problems.append(f"the words cover {item.kind} {item.what!r}")
    if art:
        page_art = scene.page_art()
        for start, end in page_art.arrows:
            for x, y in (start, end):
                if not BODY.collidepoint(page_art.area.x + x, page_art.area.y + y):
                    problems.append(f"an arrow leaves the page at {(x, y)}")
    return problems


@pytest.mark.parametrize("game_id", list(GAMES))   # a new game without a painter fails
def test_every_page_shows_the_games_own_cards_readably(app, game_id, monkeypatch, font_sizes):
    calls = spy_on_painter(monkeypatch, game_id)
    scene = show(app, Rules(app.ctx, game_id))
    assert scene.games[scene.game] == game_id
    assert len(scene.pages) >= 6
    for page in range(len(scene.pages)):
        if page:   # the first page was drawn (and painted) as the scene opened
            scene.page = page
            calls.clear()
            app.frame(1 / 60)
        heading = scene.pages[page].heading
        cards_drawn = [i for i in scene.placed if i.kind == "card"]
        assert cards_drawn, f"{heading}: no pictures"
        assert calls, f"{heading}: its cards were not drawn by the table's painter"
        assert max(c.rect.h for c in cards_drawn) >= 120, f"{heading}: cards too small"
        assert min(min(c.rect.size) for c in cards_drawn) >= 48, f"{heading}: a piece too small"
        notes = [i for i in scene.placed if i.kind == "note"]
        assert len(notes) == sum(len(p.notes) for p in scene.pages[page].art
                                 if isinstance(p, Picture)), f"{heading}: a note lost"
        assert not problems_of(scene), f"{heading}: " + "; ".join(problems_of(scene)[:5])
    assert min(font_sizes) >= 28, f"text at {min(font_sizes)} px"


def test_pages_are_a_few_sentences(app):
    scene = show(app, Rules(app.ctx))
    for game_index in range(len(scene.games)):
        scene.game = game_index
        for page in scene.pages:
            sentences = [s for s in page.body.replace("!", ".").replace("?", ".").split(". ") if s]
            assert len(sentences) <= 4, f"{page.heading}: {len(sentences)} sentences"
            assert len(page.body) <= 240, f"{page.heading}: {len(page.body)} characters"


def test_a_game_without_a_painter_gets_plain_cards(app, tmp_path):
    """The layout does not depend on a game's painter: a page with none still draws."""
    scene = show(app, Rules(app.ctx))
    scene._pages[scene.games[0]] = ([Page("Plain", "Two cards.", (Picture(
        (Row(cards("robin", "owl"), "A row"),), (Note("This one", 0, 1, (0.5, 0.0), "above"),)),))],
        _plain_card)
    scene._art.clear()
    app.frame(1 / 60)
    assert [i.kind for i in scene.placed].count("card") == 2
    assert not problems_of(scene)


# -- Flip a Bird's facts, checked against the rules module and the table -----------------------
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def page_words(page: Page) -> str:
    """Everything a page says: its body, row titles, card labels and tags, notes."""
    words = [page.body]
    for picture in page.art:
        words += [note.text for note in picture.notes]
        for row in picture.rows:
            words.append(row.title)
            words += [card.label for card in row.cards] + [card.tag for card in row.cards]
    return " \n".join(w for w in words if w)


def sentence_with(text: str, *words: str) -> str:
    """The one sentence of ``text`` that holds all of ``words``."""
    import re

    found = [s for s in re.split(r"(?<=[.;])\s+", text) if all(w in s for w in words)]
    assert len(found) == 1, f"{words}: {found}"
    return found[0]


def test_flip_a_bird_pages_say_the_starting_hand_and_the_bird_limits():
    from game.flip_a_bird import rules
    from scenes.flip_a_bird.howto import PAGES

    state = rules.new_state(5, seed=2)
    assert {len(hand) for hand in state.hands} == {rules.HAND_SIZE}
    text = " ".join(page.body for page in PAGES)
    dealt = sentence_with(text, "starts with", "in hand")
    assert f"{NUMBER_WORDS[rules.HAND_SIZE]} cards" in dealt and "tip card" in dealt
    limits = sentence_with(text, "at most")
    for players in range(3, 7):
        first = f"{rules.row_limit(players)} birds with {players}"
        assert first in limits or f"{rules.row_limit(players)} with {players}" in limits


def test_flip_a_bird_pages_say_who_starts_the_row_after_a_claim():
    """The rules: the claimant begins the next row (ruling FB-4); the page says so."""
    import random

    from game.flip_a_bird import rules
    from scenes.flip_a_bird.howto import PAGES

    seen = 0
    for seed in range(6):
        state, rng, claimant = rules.new_state(4, seed=seed), random.Random(seed), None
        while not state.is_terminal() and seen < 12:
            for event in state.apply(rng.choice(state.legal_actions())):
                if isinstance(event, rules.ClaimMade):
                    claimant = event.claimant
                elif isinstance(event, rules.RowStarted) and claimant is not None:
                    assert event.seat == claimant and state.current_player == claimant
                    claimant, seen = None, seen + 1
    assert seen >= 12
    text = " ".join(page.body for page in PAGES)
    assert "the claimant starts" in sentence_with(text, "next row")


def test_flip_a_bird_plates_cage_icons_are_the_hands_as_the_page_says(app):
    """One cage back on a plate per card in that seat's hand, the card's own back."""
    from game.flip_a_bird.cards import CARDS
    from game.session import Match, default_seats
    from scenes.flip_a_bird.howto import PAGES
    from scenes.flip_a_bird.table import FlipABirdTable
    from tests.harness import run_until

    text = " ".join(page.body for page in PAGES)
    assert "count the cards in that hand" in sentence_with(text, "cage icons", "plate")
    table = show(app, FlipABirdTable(app.ctx, Match("flip_a_bird", default_seats(4, 0), 5)))
    checked = 0
    for _ in range(6):
        assert run_until(app, lambda: table.animator.busy, 2000, 1 / 20)
        assert run_until(app, lambda: not table.animator.busy, 2000, 1 / 20)
        state = table.state
        for seat in range(4):
            backs = table.paint.plate_key(seat)[0]
            assert sorted(backs) == sorted(CARDS[card].open_back for card in state.hands[seat])
            checked += 1
    assert checked == 24


def test_flip_a_bird_pages_name_the_specials_as_the_cards_print_them():
    """A special named in quotes, or ringed in a picture, is called by the words on the
    card ("Specials don't count"), never by another name."""
    import re

    from game.flip_a_bird.cards import CARDS
    from scenes.flip_a_bird.howto import PAGES
    from sprites.flip_a_bird_cards import special_words

    printed = {" ".join(special_words(c.special, c.colour))
               for c in CARDS if c.special is not None}
    quoted = [q for page in PAGES for q in re.findall(
        r"'([^']+)'", page.body.replace("'t ", "\u2019t "))]
    assert quoted and all(q.replace("\u2019", "'") in printed for q in quoted), quoted
    ringed = 0
    for page in PAGES:
        words = page_words(page)
        for picture in page.art:
            for row in picture.rows:
                for card in row.cards:
                    if card.mark and card.face[0] == "special":
                        _, kind, colour = card.face
                        assert " ".join(special_words(kind, colour)) in words, page.heading
                        ringed += 1
    assert ringed >= 4


# -- Yard Birbs: the facts issue 27 found missing ------------------------------------------
def _yard_birbs_page(heading: str):
    from scenes.yard_birbs.howto import PAGES
    return next(p for p in PAGES if p.heading == heading)


def test_yard_birbs_scoring_table_is_the_rules_own_and_shown_whole(app):
    """Every flock kind and size with its points, read from the rules' tables (POINTS),
    and every cell of it drawn on the page."""
    from game.yard_birbs.cards import FLOCK_KINDS, KIND_NAMES, POINTS, SUITS
    from scenes.table.howto import Table

    page = _yard_birbs_page("Flock points")
    table = next(a for a in page.art if isinstance(a, Table))
    sizes = [int(h.rstrip("+")) for h in table.header[1:]]
    assert sizes == list(range(1, max(len(t) for t in POINTS.values())))
    assert table.header[-1].endswith("+")
    rows = {row[0]: row[1:] for row in table.rows}
    assert set(rows) == {KIND_NAMES[k] for k in FLOCK_KINDS}
    for kind in FLOCK_KINDS:
        cells = rows[KIND_NAMES[kind]]
        for size in range(1, len(POINTS[kind])):      # every size of the rulebook's table
            assert cells[size - 1] == str(POINTS[kind][size]), (kind, size)
        for size, cell in zip(sizes, cells):
            if cell == "\u2013":   # a size no flock of this kind can reach (5 suits)
                assert size > len(SUITS)
            else:
                assert int(cell) == POINTS[kind][min(size, len(POINTS[kind]) - 1)]
    scene = show(app, Rules(app.ctx, "yard_birbs"))
    scene.page = [p.heading for p in scene.pages].index("Flock points")
    app.frame(1 / 60)
    drawn = [i.what for i in scene.placed if i.kind == "cell"]
    assert drawn == [c for row in (table.header,) + table.rows for c in row]
    assert not problems_of(scene)


def test_yard_birbs_set_up_solo_and_rounds_are_explained():
    from game.yard_birbs.cards import HAND_SIZE

    setup = _yard_birbs_page("Setting up a round")
    hand, table = setup.art[0].rows
    assert len(hand.cards) == HAND_SIZE and f"{HAND_SIZE} cards" in setup.body
    assert [c.label for c in table.cards[:2]] == ["yard", "Lifer"]
    tokens = [c.face[2] for c in table.cards
              if isinstance(c.face, tuple) and c.face[0] == "ability"]
    assert tokens == list(range(2, 2 + len(tokens))) and tokens
    assert "first bird of your yard" in setup.body and "at random" in setup.body
    scoring = _yard_birbs_page("Flock points")
    assert "Solo bird scores 0" in scoring.body and "flies away" in scoring.body
    assert "Solo" in _yard_birbs_page("Flocks").body
    rounds = _yard_birbs_page("Rounds")
    assert "shuffled and dealt afresh" in rounds.body and f"{HAND_SIZE} each" in rounds.body


def test_yard_birbs_ability_pages_say_the_order_is_dealt():
    from scenes.yard_birbs.howto import PAGES

    showing = [p for p in PAGES if any(isinstance(c.face, tuple) and c.face[0] == "ability"
                                       for pic in p.art if isinstance(pic, Picture)
                                       for row in pic.rows for c in row.cards)]
    assert len(showing) >= 6
    for page in showing:
        assert "at random" in page.body, page.heading
