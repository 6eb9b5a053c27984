"""The canonical layout of a Canal Grande file (``canaldsl fmt``): one statement or step per
line, blocks indented by two spaces, lists as ``2 San Marco, gondola``, every comment kept
where it was (a comment on its own line before the line it preceded, a comment after code at
the end of that line). Formatting a formatted file changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from canaldsl.canalgrande import syntax as s

Line = tuple[int, int, str]
"""A line of output: the source line it comes from, its depth, its text."""


def items_text(items: s.Items) -> str:
    if not items:
        return "none"
    parts = []
    for item in items:
        if item.kind == "number":
            parts.append(item.text)
        else:
            parts.append(f"{item.count} {item.text}" if item.count is not None else item.text)
    return ", ".join(parts)


def offer_text(offer: s.Offer) -> str:
    return "[" + (items_text(offer.items) if offer.items else "") + "]"


def expect_text(decl: s.ExpectDecl) -> str:
    """``expect ...`` in the canonical layout."""
    words = [w.text for w in decl.words]
    if decl.kind == "legal":
        return "expect legal"
    if decl.kind == "illegal":
        return " ".join(["expect illegal", *(["only"] if decl.only else []), *words])
    if decl.kind in ("vote-winner", "vote-prize", "winner"):
        head = "expect " + decl.kind.replace("-", " ")
        return f"{head} {words[0] if words else 'none'}"
    if decl.kind == "total":
        return f"expect total {words[0]} {decl.number}"
    return f"expect {decl.kind} {words[0]}: {items_text(decl.items or ())}"


def _answer(parts: tuple[s.AnswerPart, ...]) -> str:
    out = []
    for part in parts:
        if part.kind == "cards":
            out.append(f"{part.text} cards")
        elif part.kind in ("yes", "no", "undecided"):
            out.append(part.kind)
        else:
            out.append(f"{part.kind} {part.text}")
    return ": " + ", ".join(out)


def query_text(decl: s.QueryDecl) -> str:
    """``query ...`` in the canonical layout."""
    text = f"query {decl.kind}"
    if decl.kind == "can-win":
        text += f" {decl.turns}"
    if decl.district is not None:
        text += f" on {decl.district.text}"
    if decl.objective is not None:
        text += f" for {decl.objective.text}"
    if decl.player is not None:
        text += f" for {decl.player.text}"
    if decl.answer is not None:
        text += _answer(decl.answer)
    return text


def _vote(block: s.VoteBlock, depth: int) -> Iterator[Line]:
    head = "vote"
    if block.by is not None:
        head += f" by {block.by.text}"
    if block.on is not None:
        head += f" on {block.on.text}"
    if not block.steps:
        yield block.span.line, depth, head + " {}"
        return
    yield block.span.line, depth, head + " {"
    for step in block.steps:
        if step.cards is None:
            yield step.span.line, depth + 1, f"{step.player.text} passes"
        else:
            yield step.span.line, depth + 1, f"{step.player.text} plays {items_text(step.cards)}"
    yield block.span.end_line, depth, "}"


def _actions(actions: tuple[s.ActionStmt, ...], depth: int) -> Iterator[Line]:
    for action in actions:
        if isinstance(action, s.TraitorStmt):
            yield action.span.line, depth, f"traitor takes {items_text(action.cards)}"
        elif isinstance(action, s.SpyStmt):
            text = f"spy draws {items_text(action.cards)}"
            if action.steals is not None:
                text += f" steals {items_text(action.steals)}"
            yield action.span.line, depth, text
        else:
            yield from _vote(action, depth)


def _turn(turn: s.TurnDecl) -> Iterator[Line]:
    yield turn.span.line, 0, "turn {"
    if turn.split is not None:
        who = f"{turn.split.player.text} " if turn.split.player is not None else ""
        offers = " ".join(offer_text(o) for o in turn.split.offers)
        yield turn.split.span.line, 1, f"{who}splits: {offers}".rstrip()
    choice = turn.choice
    yield choice.span.line, 1, f"{choice.player.text} takes offer {choice.offer.text}"
    for phase in turn.phases:
        if not phase.actions:
            yield phase.span.line, 1, f"{phase.player.text} {{}}"
            continue
        yield phase.span.line, 1, f"{phase.player.text} {{"
        yield from _actions(phase.actions, 2)
        yield phase.span.end_line, 1, "}"
    if turn.round_end is not None:
        end = turn.round_end
        yield end.span.line, 1, "round end {"
        yield end.player.span.line, 2, f"{end.player.text} draws {items_text(end.drawn)}"
        yield from _actions(end.actions, 2)
        yield end.span.end_line, 1, "}"
    yield turn.span.end_line, 0, "}"


def _player(decl: s.PlayerDecl) -> Iterator[Line]:
    yield decl.span.line, 0, f"player {decl.name.text} {{"
    for item in decl.fields:
        if item.key in ("total", "doges"):
            yield item.span.line, 1, f"{item.key} {item.value}"
        else:
            yield item.span.line, 1, f"{item.key} {items_text(item.items)}"
    yield decl.span.end_line, 0, "}"


def _rules(decl: s.RulesDecl) -> Iterator[Line]:
    if not decl.options and decl.number_counts is None:
        yield decl.span.line, 0, f"rules {decl.name.text}"
        return
    yield decl.span.line, 0, f"rules {decl.name.text} {{"
    for option in decl.options:
        yield option.span.line, 1, f"option {option.name.text} = {option.value.text}"
    if decl.number_counts is not None:
        counts = ", ".join(f"{n} {w.text}" for n, w in decl.number_counts)
        yield decl.numbers_span.line, 1, f"number cards {counts}"
    yield decl.span.end_line, 0, "}"


def _pile(decl: s.PileDecl) -> str:
    if decl.kind == "order":
        return f"{decl.pile} in order: {items_text(decl.items)}"
    if decl.kind == "contents":
        return f"{decl.pile}: {items_text(decl.items)}"
    if decl.kind == "size":
        return f"{decl.pile} {decl.size} cards"
    return f"{decl.pile} unknown"


def _statement(st: s.Statement) -> Iterator[Line]:
    if isinstance(st, s.RulesDecl):
        yield from _rules(st)
    elif isinstance(st, s.PlayerDecl):
        yield from _player(st)
    elif isinstance(st, s.TurnDecl):
        yield from _turn(st)
    elif isinstance(st, s.VoteBlock):
        yield from _vote(st, 0)
    else:
        yield st.span.line, 0, _single(st)


def _single(st: s.Statement) -> str:
    if isinstance(st, s.SplitterDecl):
        return f"splitter {st.name.text}"
    if isinstance(st, s.WinnerDecl):
        return f"winner {st.name.text}"
    if isinstance(st, s.PileDecl):
        return _pile(st)
    if isinstance(st, s.TableDecl):
        return f"{st.kind}: " + " ".join(offer_text(o) for o in st.offers)
    if isinstance(st, s.RoundDecl):
        return f"round {st.number}"
    if isinstance(st, s.ExpectDecl):
        return expect_text(st)
    if isinstance(st, s.QueryDecl):
        return query_text(st)
    if isinstance(st, s.RulebookDecl):
        section = st.section.text.replace("\\", "\\\\").replace('"', '\\"')
        return f'rulebook {st.translation.text} section "{section}" example {st.example.text}'
    assert isinstance(st, s.KnownErrorDecl)
    reason = st.reason.text.replace("\\", "\\\\").replace('"', '\\"')
    return f'known-error "{reason}"'


def _groups(document: s.Document) -> list[list[Line]]:
    return [list(_statement(st)) for st in document.statements]


def format_document(document: s.Document) -> str:
    """The document in the canonical layout, comments kept."""
    groups = _groups(document)
    full = sorted((c for c in document.comments if not c.trailing), key=lambda c: c.line)
    trailing: dict[int, list[str]] = {}
    for comment in document.comments:
        if comment.trailing:
            trailing.setdefault(comment.line, []).append(comment.text)
    out: list[str] = []
    pending = list(full)
    used_trailing: set[int] = set()
    previous_kind: str | None = None
    for st, lines in zip(document.statements, groups, strict=True):
        kind = type(st).__name__
        blank = out and (len(lines) > 1 or kind != previous_kind or _opens_group(st))
        first_line = lines[0][0]
        leading = [c for c in pending if c.line < first_line]
        if blank and not (out and out[-1] == ""):
            out.append("")
        for comment in leading:
            out.append(comment.text)
            pending.remove(comment)
        for source_line, depth, text in lines:
            inner = [c for c in pending if c.line < source_line]
            for comment in inner:
                out.append("  " * depth + comment.text)
                pending.remove(comment)
            line = "  " * depth + text
            if source_line in trailing and source_line not in used_trailing:
                line += "  " + "  ".join(trailing[source_line])
                used_trailing.add(source_line)
            out.append(line)
        previous_kind = kind
    rest = [c.text for c in pending]
    rest += [
        t for line, texts in sorted(trailing.items()) if line not in used_trailing for t in texts
    ]
    if rest:
        if out:
            out.append("")
        out.extend(rest)
    while out and out[0] == "":
        out.pop(0)
    return "\n".join(out) + "\n" if out else ""


def _opens_group(st: s.Statement) -> bool:
    return isinstance(st, (s.RulesDecl, s.PlayerDecl, s.TurnDecl, s.VoteBlock, s.RulebookDecl))
