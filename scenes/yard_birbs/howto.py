"""How to play Yard Birbs, in our own short words (never the rulebook's sentences), shown
with the table's own cards: the set-up of a round, one worked trick from the lead to the
last bird taken, the flocks and their scoring table (built from the rules' own tables),
and each of the eight abilities as a before and an after.

Faces: a (suit, number) key of a bird card, BACK, ("token", place), ("ability", id, token).
"""
from __future__ import annotations

import pygame

from game.i18n import N_
from game.yard_birbs.cards import (BIRDSEED, CARD_BY_KEY, COLOUR, EQUAL, FEEDER_SWAP,
                                   FLOCK_KINDS, FLY_OFF, HAND_SIZE, HAND_TO_FEEDER, KIND_NAMES,
                                   LIFER_SWAP, MERGE, NEW_LIFER, POINTS, REFLOCK, SPECIES_KIND,
                                   SUITS, table_points)
from scenes.table.howto import Card, Note, Page, Picture, Row, Said, Table, cards
from sprites import yard_birbs_cards as art

BACK = "back"
PURPLE, BLUE, GREEN, YELLOW, RED = range(5)
LIFER = (PURPLE, 9)                                   # a Crow
TRICK = ((BLUE, 7), (BLUE, 10), (RED, 12), (GREEN, 7))  # You lead, then Ana, Bo, Cy
PLAYERS = (N_("You"), "Ana", "Bo", "Cy")   # names stay names


def paint(ctx, face, height: int) -> pygame.Surface:
    """A Yard Birbs card or piece about ``height`` px tall, by the table's painter (its
    cards have one size, so they are scaled; the Rules scene keeps the page it makes)."""
    patterns = ctx.settings.colour_patterns
    if isinstance(face, tuple) and face[0] == "token":
        return art.token(face[1], max(24, height // 6))
    if isinstance(face, tuple) and face[0] == "ability":
        return art.ability_card(face[1], face[2], (height * 7 // 4, max(56, height * 2 // 5)))
    img = art.back() if face == BACK else art.face(CARD_BY_KEY[face], patterns)
    return pygame.transform.smoothscale(img, (img.get_width() * height // img.get_height(), height))


def ability(which: int, token: int) -> Row:
    """An ability card as the row shows it, beside an order token (which token is dealt
    at random each round: every ability page says so)."""
    return Row((Card(("ability", which, token)),))


# ruling YB-1: a species and a number each appear once per suit, so those flocks stop at 5
LARGEST = {SPECIES_KIND: len(SUITS), EQUAL: len(SUITS)}


def scoring_table() -> Table:
    """The flock scoring table, read from the rules' own tables (cards.POINTS): a flock
    of each kind and size and its points; '+' where the last size counts for more, '-'
    where a flock cannot be that big."""
    top = max(len(t) for t in POINTS.values()) - 1
    sizes = range(1, top + 1)
    header = (N_("Birds"),) + tuple(f"{n}+" if n == top else str(n) for n in sizes)
    rows = tuple((KIND_NAMES[kind],) + tuple(
        str(table_points(kind, n)) if n <= LARGEST.get(kind, n) else "\u2013" for n in sizes)
        for kind in FLOCK_KINDS)
    return Table(header, rows)


HAND = ((PURPLE, 3), (BLUE, 8), (BLUE, 11), (GREEN, 6), (YELLOW, 10), (RED, 7), (RED, 13))


def feeder(places: tuple[str, ...] = ()) -> tuple[Card, ...]:
    """The worked trick as the table shows it: the Lifer, then each player's card (with
    the place it took, once ranked)."""
    played = tuple(Card(c, who, tag=place, mark=place == "1st", gap=not i)
                   for i, (c, who, place) in enumerate(zip(TRICK, PLAYERS, places or ("",) * 4)))
    return (Card(LIFER, N_("Lifer")),) + played


def before_after(strip: Row, before: tuple[Card, ...], after: tuple[Card, ...],
                 note: Note | None = None) -> Picture:
    """One ability: its card (which names it), then the cards it changes, before and after."""
    return Picture((strip, Row(before, N_("Before")), Row(after, N_("After"), then=True)),
                   (note,) if note else ())


PAGES = (
    Page(N_("The goal"),
         N_("Over three rounds, build flocks of birds in your yard. At the end of each round "
            "the flocks score, then the yards are cleared. The highest total wins."),
         (Picture((Row(cards((YELLOW, 5), (YELLOW, 9), (YELLOW, 12))
                       + (Card((PURPLE, 6), dim=True, gap=True),), N_("A yard")),),
                  (Note(N_("A flock: 3 yellow birds"), 0, 1, (0.5, 1.0), "below"),
                   Note(N_("Alone: scores nothing"), 0, 3, (0.5, 1.0), "below"))),)),
    Page(N_("The cards"),
         N_("55 birds in five colours: purple 1-11, blue 2-12, green 3-13, yellow 4-14 and "
            "red 5-15. Each card shows a species too."),
         (Picture((Row(cards((PURPLE, 4), (BLUE, 8), (GREEN, 11), (YELLOW, 5), (RED, 15))),),
                  (Note(N_("Its number"), 0, 0, (0.2, 0.0), "above"),
                   Note(N_("Colour and shape"), 0, 1, (0.8, 0.0), "above"),
                   Note(N_("The species"), 0, 2, (0.5, 0.6), "below"),
                   Note(N_("Rank in its colour"), 0, 4, (0.5, 0.97), "below"))),)),
    Page(N_("Setting up a round"),
         Said.of(N_("Every round the whole deck is shuffled. Each of you gets {hand} cards, "
                    "and one more bird face up: the first bird of your yard. One card turns "
                    "up as the Lifer, and an ability is dealt at random beside each order "
                    "token from 2 up."), hand=HAND_SIZE),
         (Picture((Row(cards(*HAND), N_("Your hand")),
                   Row((Card((GREEN, 12), N_("yard")), Card(LIFER, N_("Lifer"), gap=True),
                        Card(("ability", BIRDSEED, 2), gap=True),
                        Card(("ability", REFLOCK, 3))), N_("On the table"))),
                  (Note(N_("Dealt at random"), 1, 2, (0.5, 1.0), "below"),)),)),
    Page(N_("The Lifer"),
         N_("One card lies face up as the Lifer. Its species is the bird everyone wants: in "
            "a trick, that species beats everything else."),
         (Picture((Row((Card(LIFER, N_("Lifer"), mark=True), Card((GREEN, 7), N_("Cy"), gap=True))),),
                  (Note(N_("This round's Lifer: the Crow"), 0, 0, (0.5, 0.0), "above"),
                   Note(N_("Another Crow: top of the trick"), 0, 1, (0.5, 0.0), "above"))),)),
    Page(N_("A trick: play to the feeder"),
         N_("The lead plays any card. After that, if you hold a colour already in the feeder "
            "you must play one; a card of the Lifer's species is always allowed."),
         (Picture((Row(feeder(), N_("The Lifer, then the feeder")),),
                  (Note(N_("You lead blue"), 0, 1, (0.5, 0.0), "above"),
                   Note(N_("Ana has blue: she must"), 0, 2, (0.5, 0.0), "above"),
                   Note(N_("Bo has no blue: any card"), 0, 3, (0.5, 1.0), "below"),
                   Note(N_("Cy plays a Crow: always allowed"), 0, 4, (0.5, 1.0), "below"))),)),
    Page(N_("Ranking the trick"),
         N_("Birds of the Lifer's species place first, highest first. Then the colour played "
            "most, highest first; a tie goes to the led colour. When every colour left is "
            "different, the rest go by number."),
         (Picture((Row(feeder((N_("4th"), N_("2nd"), N_("3rd"), N_("1st")))),),
                  (Note(N_("Lifer species: 1st"), 0, 4, (0.5, 0.0), "above"),
                   Note(N_("Most blue, highest: 2nd"), 0, 2, (0.5, 0.0), "above"),
                   Note(N_("Colours differ: 12 beats 7"), 0, 3, (0.5, 1.0), "below"))),)),
    Page(N_("Take a bird"),
         N_("In place order, everyone takes one bird from the feeder into their yard: onto a "
            "flock it fits, or as a new flock. The winner leads the next trick."),
         (Picture((Row((Card(("token", 1)),) + cards(TRICK[0], TRICK[1])
                       + (Card(TRICK[2], mark=True), Card(TRICK[3])), N_("Cy placed 1st: first pick")),
                   Row(cards((RED, 9), (RED, 11)) + (Card(TRICK[2], N_("new")),), N_("Cy's yard"), then=True)),
                  (Note(N_("Fits the red flock"), 1, 2, (0.5, 0.0), "above"),)),)),
    Page(N_("Flocks"),
         N_("A flock shares one colour, one species or one number, or is a run with no gap. "
            "A bird on its own is Solo: it scores nothing."),
         (Picture((Row(cards((YELLOW, 5), (YELLOW, 9), (YELLOW, 12)), N_("Colour: 2")),
                   Row(cards((PURPLE, 4), (BLUE, 3), (GREEN, 13)), N_("Species: 4")))),
          Picture((Row(cards((PURPLE, 8), (GREEN, 8), (RED, 8)), N_("Same number: 5")),
                   Row(cards((PURPLE, 4), (BLUE, 5), (RED, 6)), N_("Run: 3")))))),
    Page(N_("Flock points"),
         N_("A flock scores as one kind only, the one worth most, and you may have several of "
            "a kind. A Solo bird scores 0 and flies away when the round ends."),
         (scoring_table(),
          Picture((Row(cards((YELLOW, 5), (YELLOW, 9), (YELLOW, 12))
                       + (Card((YELLOW, 13), tag=str(table_points(COLOUR, 4))),
                          Card((PURPLE, 6), N_("Solo"), dim=True, gap=True, tag="0")),
                       N_("Colour, 4 birds")),)))),
    Page(N_("Abilities"),
         N_("Placed 2nd or lower? After taking your bird you may use one ability beside your "
            "place's token or a better one. Which ability lies by which token is dealt at "
            "random each round, not fixed."),
         (Picture((ability(LIFER_SWAP, 2), ability(FEEDER_SWAP, 3), ability(REFLOCK, 4)),
                  (Note(N_("Placed 3rd: use 2 or 3"), 1, 0, (0.12, 1.0), "below"),)),)),
    Page(N_("Abilities: the Lifer"),
         N_("Lifer Swap: trade a hand card for the Lifer. New Lifer: the Lifer goes under the "
            "deck and a new one is turned up. After either, new abilities are dealt at random "
            "at once."),
         (before_after(ability(LIFER_SWAP, 2),
                       (Card(LIFER, N_("Lifer")), Card((BLUE, 7), N_("hand"), gap=True)),
                       (Card((BLUE, 7), N_("Lifer")), Card(LIFER, N_("hand"), gap=True))),
          before_after(ability(NEW_LIFER, 2),
                       (Card(LIFER, N_("Lifer")), Card(BACK, N_("deck"), gap=True)),
                       (Card((GREEN, 4), N_("Lifer")), Card(BACK, N_("deck"), gap=True)),
                       Note(N_("The old Lifer is under it"), 2, 1, (0.5, 0.0), "above")))),
    Page(N_("Abilities: the feeder"),
         N_("Feeder Swap: trade a bird of your yard for one still in the feeder. Hand to "
            "Feeder: trade a hand card for one still in the feeder. Which token each lies by "
            "is dealt at random."),
         (before_after(ability(FEEDER_SWAP, 2),
                       (Card((YELLOW, 8), N_("yard")), Card((BLUE, 10), N_("feeder"), gap=True)),
                       (Card((BLUE, 10), N_("yard")), Card((YELLOW, 8), N_("feeder"), gap=True))),
          before_after(ability(HAND_TO_FEEDER, 2),
                       (Card((GREEN, 5), N_("hand")), Card((RED, 12), N_("feeder"), gap=True)),
                       (Card((RED, 12), N_("hand")), Card((GREEN, 5), N_("feeder"), gap=True))))),
    Page(N_("Abilities: your yard"),
         N_("Reflock: move one of your birds to another flock, or a new one. Merge: join two "
            "flocks that still make one. A bird may leave only if its flock stays a flock: "
            "never the middle of a mixed run. Which token each lies by is dealt at random."),
         (before_after(ability(REFLOCK, 3),
                       (Card((RED, 6), mark=True), Card((RED, 9)), Card((PURPLE, 6), gap=True)),
                       (Card((RED, 9)), Card((PURPLE, 6), gap=True), Card((RED, 6))),
                       Note(N_("6 and 6: same number"), 2, 2, (0.5, 0.0), "above")),
          before_after(ability(MERGE, 3),
                       (Card((YELLOW, 5)), Card((YELLOW, 9)), Card((YELLOW, 12), gap=True)),
                       cards((YELLOW, 5), (YELLOW, 9), (YELLOW, 12))))),
    Page(N_("Abilities: the deck"),
         N_("Birdseed: draw the top card, then put a hand card under the deck. Fly Off: put a "
            "lone bird of your yard under the deck and draw; then put a hand card under too. "
            "Which token each lies by is dealt at random."),
         (before_after(ability(BIRDSEED, 4),
                       (Card((GREEN, 5), N_("hand")), Card((BLUE, 3), N_("hand")), Card(BACK, N_("deck"), gap=True)),
                       (Card((GREEN, 5), N_("hand")), Card((PURPLE, 2), N_("drawn")), Card(BACK, N_("deck"), gap=True)),
                       Note(N_("Blue 3 went under"), 2, 2, (0.5, 0.0), "above")),
          before_after(ability(FLY_OFF, 4),
                       (Card((PURPLE, 6), N_("yard")), Card((GREEN, 5), N_("hand"), gap=True)),
                       (Card((RED, 10), N_("drawn")), Card(BACK, N_("deck"), gap=True)),
                       Note(N_("Both went under"), 2, 1, (0.5, 0.0), "above")))),
    Page(N_("Rounds"),
         Said.of(N_("When every hand is empty, the flocks score. Then all the cards go back: "
                    "the next round is shuffled and dealt afresh, {hand} each. After three "
                    "rounds the highest total wins; whoever is ahead leads a new round."),
                 hand=HAND_SIZE),
         (Picture((Row((Card((YELLOW, 5)), Card((YELLOW, 9)), Card((YELLOW, 12), tag="+2"),
                        Card((PURPLE, 6), dim=True, tag="0", gap=True)), N_("End of a round")),),
                  (Note(N_("The flock scores"), 0, 2, (0.5, 1.0), "below"),
                   Note(N_("A lone bird flies away"), 0, 3, (0.5, 1.0), "below"))),)),
)
