"""Each folder's catalogue reads its own translation first: two games may translate one short
English message differently ("deck {n}" is a Flower Shop *Deck* and a Spice Road *Stapel*), and
the words a game's module asks for, makes into an event, or hands to a shared screen are its
own game's."""

from __future__ import annotations

from types import ModuleType

from tulipgames import i18n
from tulipgames.engine.core import Event


def test_a_module_s_domain_is_its_deepest_catalogue_folder() -> None:
    assert i18n.module_domain("tulipgames.games.spiceroad.widgets") == "spiceroad"
    assert i18n.module_domain("tulipgames.games.flowershop") == "flowershop"
    assert i18n.module_domain("tulipgames.plain.session") == "plain"
    assert i18n.module_domain("tulipgames.net.screens") == "net"
    assert i18n.module_domain("tulipgames.tui.screens.results") == i18n.DOMAIN
    assert i18n.module_domain("tulipgames.games.kit") == i18n.DOMAIN
    assert i18n.module_domain("tests.anything") == i18n.DOMAIN


def module_of(name: str) -> ModuleType:
    """A module that sits in ``name``'s package (what ``_()`` and ``Say`` look at)."""
    module = ModuleType(name)
    exec("from tulipgames.i18n import Say, _\n"
         "def word(): return _('deck {n}')\n"
         "def event(): return Say('deck {n}', n=4)\n", module.__dict__)
    return module


def test_each_game_reads_its_own_translation_of_a_shared_message() -> None:
    # the two catalogues really differ on this message (else this test proves nothing)
    flower = i18n.catalogue("de", "flowershop").gettext("deck {n}")
    spice = i18n.catalogue("de", "spiceroad").gettext("deck {n}")
    assert flower != spice and "deck" not in flower + spice
    shop = module_of("tulipgames.games.flowershop.widgets")
    road = module_of("tulipgames.games.spiceroad.widgets")
    with i18n.using("de"):
        assert shop.word() == flower and road.word() == spice
        assert str(shop.event()) == flower.format(n=4)
        assert str(road.event()) == spice.format(n=4)
        # a constant id in a game's log, put into words by the shared table for its game
        logged = Event("deck {n}")
        assert logged.text_for(None, "spiceroad") == spice
        assert logged.text_for(None, "flowershop") == flower
        # a shared screen naming the game it shows
        assert i18n.render("deck {n}", domain="spiceroad") == spice
    assert shop.word() == road.word() == "deck {n}"  # English: the id itself
