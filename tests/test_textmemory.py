"""The core's bounded memory (canaldsl.textmemory): Memory by key and size, and TextMemory by
exact text and file name, which the three games' parsers keep their parses in."""

from __future__ import annotations

import random

from canaldsl.textmemory import Memory, TextMemory


def test_a_value_is_given_back_only_for_the_same_text_and_name() -> None:
    memory: TextMemory[int] = TextMemory()
    memory.put(("player a", "a.canal"), 1)
    assert memory.get(("player a", "a.canal")) == 1
    assert memory.get(("player a", "b.canal")) is None
    assert memory.get(("player a ", "a.canal")) is None
    memory.put(("player a", "a.canal"), 2)  # put again: replaced, counted once
    assert memory.get(("player a", "a.canal")) == 2 and memory.size == len("player a")


def test_a_text_over_the_longest_is_never_kept() -> None:
    memory: TextMemory[int] = TextMemory(longest=10, kept=100)
    memory.put(("x" * 10, "a"), 1)
    memory.put(("x" * 11, "a"), 2)
    assert memory.get(("x" * 10, "a")) == 1 and memory.get(("x" * 11, "a")) is None
    assert len(memory) == 1 and memory.size == 10


def test_the_least_recently_used_go_first_and_the_size_stays_exact() -> None:
    """Against a plain list model of the same rules, on random puts and gets."""
    rng = random.Random(11)
    memory: TextMemory[int] = TextMemory(longest=30, kept=100)
    model: list[tuple[tuple[str, str], int]] = []  # least recently used first
    for step in range(3000):
        key = ("t" * rng.randint(0, 40), rng.choice("ab"))
        found = next((v for k, v in model if k == key), None)
        if rng.random() < 0.5:
            assert memory.get(key) == found
            if found is not None:
                model = [e for e in model if e[0] != key] + [(key, found)]
        else:
            memory.put(key, step)
            if len(key[0]) <= 30:
                model = [e for e in model if e[0] != key] + [(key, step)]
                while sum(len(k[0]) for k, _ in model) > 100:
                    model.pop(0)
        assert list(memory) == [k for k, _ in model]
        assert memory.size == sum(len(k[0]) for k, _ in model) <= 100
    memory.forget()
    assert len(memory) == 0 and memory.size == 0 and list(memory) == []


def test_a_memory_sized_by_its_values_keeps_their_total_under_its_bound() -> None:
    """As the picture canvas keeps SVG text: sized by the value; a value replaced by a
    longer one counts its new size; one larger than the whole bound is never kept."""
    memory: Memory[str, str] = Memory(kept=10, size=lambda key, text: len(text))
    memory.put("a", "xxxx")
    memory.put("b", "yyyy")
    memory.put("a", "zzzzzz")  # 6 + 4: both kept, "a" now the latest
    assert list(memory) == ["b", "a"] and memory.size == 10
    memory.put("c", "w")  # 11: "b" goes first
    assert list(memory) == ["a", "c"] and memory.size == 7
    memory.put("d", "v" * 11)
    assert memory.get("d") is None and memory.size == 7
