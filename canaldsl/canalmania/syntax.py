"""The syntax tree of a Canal Mania file: what was written, in order, with comments.

Every node is an immutable dataclass. Positions (``span``) are kept for diagnostics but take no
part in equality, so a file and its formatted version compare equal exactly when they say the
same thing with the same comments. Meaning (resolved places, derived tiles, the position of a
game) is built from this tree by :mod:`canaldsl.canalmania.semantics`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.diagnostics import UNKNOWN_SPAN, Span

# What every game's syntax shares (canaldsl.syntaxtree) is part of this tree too.
from canaldsl.syntaxtree import NO_COMMENTS as NO_COMMENTS
from canaldsl.syntaxtree import Comments as Comments
from canaldsl.syntaxtree import ExpectIllegal as ExpectIllegal
from canaldsl.syntaxtree import ExpectLegal as ExpectLegal
from canaldsl.syntaxtree import KnownErrorDecl as KnownErrorDecl
from canaldsl.syntaxtree import Node as Node
from canaldsl.syntaxtree import Num as Num
from canaldsl.syntaxtree import Ref as Ref
from canaldsl.syntaxtree import RulebookDecl as RulebookDecl

# ------------------------------------------------------------------ rules


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayersSetting(Node):
    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class OptionSetting(Node):
    name: Ref
    value: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class EndMarkSetting(Node):
    """``end-mark +10``: the 2nd edition's variable game length (the mark moved by points)."""

    shift: Num


RulesItem = PlayersSetting | OptionSetting | EndMarkSetting


@dataclass(frozen=True, kw_only=True, slots=True)
class RulesDecl(Node):
    edition: Ref
    items: tuple[RulesItem, ...] | None = None
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ board


@dataclass(frozen=True, kw_only=True, slots=True)
class TitleDecl(Node):
    title: str


@dataclass(frozen=True, kw_only=True, slots=True)
class GridDecl(Node):
    columns: Num
    rows: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class MapRow(Node):
    """One row of the compact map: its cells, and the source column of each."""

    cells: tuple[str, ...]
    columns: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class MapDecl(Node):
    rows: tuple[MapRow, ...]
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class PlaceDecl(Node):
    kind: str  # "city" or "town"
    name: Ref
    colour: Ref
    hex: Ref | None = None
    mark: Ref | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HexDecl(Node):
    hex: Ref
    terrain: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class ContractDecl(Node):
    name: Ref
    first: Ref
    second: Ref
    via: tuple[Ref, ...]
    value: Num
    starting: bool


BoardItem = TitleDecl | GridDecl | MapDecl | PlaceDecl | HexDecl | ContractDecl


@dataclass(frozen=True, kw_only=True, slots=True)
class BoardDecl(Node):
    """``board england``, ``board "file.canal"`` or ``board NAME { ... }``."""

    name: Ref | None = None
    path: Ref | None = None
    items: tuple[BoardItem, ...] | None = None
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ players


@dataclass(frozen=True, slots=True)
class Count:
    number: Num
    kind: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class EngineerDecl(Node):
    engineer: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreDecl(Node):
    score: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class HandDecl(Node):
    counts: tuple[Count, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class SupplyDecl(Node):
    counts: tuple[Count, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class JunctionsDecl(Node):
    count: Num


@dataclass(frozen=True, slots=True)
class RoutePlace:
    """A place a canal connects to."""

    name: Ref


@dataclass(frozen=True, slots=True)
class RouteTile:
    """A tile of a canal; ``recent`` marks one built in its owner's latest turn."""

    kind: Ref
    hex: Ref
    recent: bool = False


RouteItem = RoutePlace | RouteTile


@dataclass(frozen=True, kw_only=True, slots=True)
class CanalDecl(Node):
    """An open canal (``canal``) or a completed contract (``completed``).

    ``contract`` is None for a junction canal. ``route`` lists places and tiles in building
    order, starting at the endpoint where the barge was placed.
    """

    contract: Ref | None
    completed: bool
    route: tuple[RouteItem, ...] | None
    barge: Ref | None = None
    junction_span: Span = field(default=UNKNOWN_SPAN, compare=False)


PlayerItem = EngineerDecl | ScoreDecl | HandDecl | SupplyDecl | JunctionsDecl | CanalDecl


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerDecl(Node):
    colour: Ref
    display_name: str | None
    items: tuple[PlayerItem, ...]
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ game state


@dataclass(frozen=True, slots=True)
class Card:
    """A build card, with the goods symbol it shows (a colour, ``white``, or none)."""

    kind: Ref
    symbol: Ref | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ParliamentDecl(Node):
    contracts: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ContractDeckDecl(Node):
    count: Num | None = None
    contracts: tuple[Ref, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DisplayDecl(Node):
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class DeckDecl(Node):
    """The build deck, top card first, or only its size."""

    count: Num | None = None
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DiscardPileDecl(Node):
    count: Num | None = None
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class CubesDecl(Node):
    places: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class BasinDecl(Node):
    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class EngineersAsideDecl(Node):
    engineers: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class NowDecl(Node):
    player: Ref
    phase: Num | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class RoundDecl(Node):
    round: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class EndgameDecl(Node):
    round: Num | None = None


# ------------------------------------------------------------------ turns


@dataclass(frozen=True, slots=True)
class PayCard:
    """One card paid for a tile; a label marks one physical card paid twice (Smeaton)."""

    kind: Ref
    label: Ref | None = None


@dataclass(frozen=True, slots=True)
class BuildTile:
    kind: Ref
    hex: Ref
    payment: tuple[PayCard, ...] | None = None


@dataclass(frozen=True, slots=True)
class ReachPlace:
    name: Ref


BuildItem = BuildTile | ReachPlace


@dataclass(frozen=True, kw_only=True, slots=True)
class BuildLine(Node):
    """Tiles built on one canal, in order; ``canal`` None means the junction canal."""

    canal: Ref | None
    items: tuple[BuildItem, ...]
    junction_span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class PhaseMark(Node):
    number: Num


@dataclass(frozen=True, slots=True)
class ContractChoice:
    contract: Ref
    barge: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class TakeContract(Node):
    choices: tuple[ContractChoice, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class TakeJunction(Node):
    barge: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class Reveal(Node):
    contracts: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExchangeEngineer(Node):
    """Exchange with another player (``with`` a colour) or with an engineer aside (``for``)."""

    with_player: Ref | None = None
    for_engineer: Ref | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class DiscardDisplay(Node):
    pass


@dataclass(frozen=True, kw_only=True, slots=True)
class TakeCards(Node):
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Refill(Node):
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Draw(Node):
    card: Card | None = None
    from_display: bool = False
    announce: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class PlaceCubes(Node):
    colour: Ref
    places: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class RemoveCube(Node):
    place: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class Build(Node):
    lines: tuple[BuildLine, ...]
    block: bool = False
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Leg:
    """A place on a goods route; ``owner`` names whose section the cube arrived by."""

    place: Ref
    owner: Ref | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class MoveCube(Node):
    legs: tuple[Leg, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class RemoveTiles(Node):
    canal: Ref | None
    hexes: tuple[Ref, ...]
    junction_span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass(frozen=True, kw_only=True, slots=True)
class DiscardCards(Node):
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Pass(Node):
    pass


Step = (
    TakeContract
    | TakeJunction
    | Reveal
    | ExchangeEngineer
    | DiscardDisplay
    | TakeCards
    | Refill
    | Draw
    | PlaceCubes
    | RemoveCube
    | Build
    | MoveCube
    | RemoveTiles
    | DiscardCards
    | Pass
)
TurnItem = PhaseMark | Step


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnDecl(Node):
    player: Ref
    items: tuple[TurnItem, ...]
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class FinalMove(Node):
    """One final delivery as played at the table: whose, and the route (``legs``, as in
    ``move cube``), or a pass (``legs`` empty)."""

    player: Ref
    legs: tuple[Leg, ...] = ()

    @property
    def is_pass(self) -> bool:
        return not self.legs


@dataclass(frozen=True, kw_only=True, slots=True)
class FinalDeliveriesDecl(Node):
    """``final deliveries { black: Leicester > Nottingham  white: pass }``: the final
    deliveries (rule ``end.final-deliveries``) as played, in the order made."""

    moves: tuple[FinalMove, ...]
    footer: tuple[str, ...] = ()


# ------------------------------------------------------------------ expectations and queries


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectScore(Node):
    player: Ref
    score: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectHand(Node):
    player: Ref
    counts: tuple[Count, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectSupply(Node):
    player: Ref
    counts: tuple[Count, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectCubes(Node):
    places: tuple[Ref, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectBasin(Node):
    count: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectCost(Node):
    """``expect cost N cards``: the turn just before paid N cards for its tiles."""

    cards: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectEndgame(Node):
    """``expect endgame triggered [in round N]`` or ``expect endgame not triggered``."""

    triggered: bool
    round: Num | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectLastRound(Node):
    """``expect last round N``: the end has begun, and round N is the last one played."""

    round: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectWinner(Node):
    player: Ref


@dataclass(frozen=True, slots=True)
class ScorePair:
    player: Ref
    score: Num


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpectFinalScores(Node):
    scores: tuple[ScorePair, ...]


Expectation = (
    ExpectLegal
    | ExpectIllegal
    | ExpectScore
    | ExpectHand
    | ExpectSupply
    | ExpectCubes
    | ExpectBasin
    | ExpectEndgame
    | ExpectLastRound
    | ExpectWinner
    | ExpectFinalScores
    | ExpectCost
)


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer a file expects from a query; unset parts are not checked."""

    points: Num | None = None
    yes: bool | None = None
    cards: Num | None = None
    unique: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class QueryDecl(Node):
    kind: str  # "best-build", "best-delivery", "can-complete", "final-scores", "winner", "cost"
    subject: Ref | None = None
    player: Ref | None = None
    answer: Answer | None = None


Statement = (
    RulebookDecl
    | KnownErrorDecl
    | RulesDecl
    | BoardDecl
    | PlayerDecl
    | ParliamentDecl
    | ContractDeckDecl
    | DisplayDecl
    | DeckDecl
    | DiscardPileDecl
    | CubesDecl
    | BasinDecl
    | EngineersAsideDecl
    | NowDecl
    | RoundDecl
    | EndgameDecl
    | TurnDecl
    | FinalDeliveriesDecl
    | Expectation
    | QueryDecl
)


@dataclass(frozen=True, kw_only=True, slots=True)
class Document:
    """A whole file: its statements in order and the comments after the last one."""

    statements: tuple[Statement, ...]
    footer: tuple[str, ...] = ()
    filename: str = field(default="<string>", compare=False)
