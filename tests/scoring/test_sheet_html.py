"""The sheet's rows written in Python (``scoring.sheet_html``): the form's names and ids, every
text escaped, what is stored marked for the page's script."""

import html
import json
import re

from scoring.sheet_html import PartyCell, RowData, RowRenderer

PARTIES = ['3 <b>Hans</b> "Maier"', "1 Anna Rapp", "2 Otto Walz"]
SEATS = ['1 · <b>Hans</b> "Maier"', "2 · Anna Rapp", "3 · Otto Walz"]


def render(**fields) -> str:
    renderer = RowRenderer(party_labels=PARTIES, seat_labels=SEATS, pairs=False)
    cells = [PartyCell(short=p.split()[0], name=p, points=None, total=None) for p in PARTIES]
    values = {"dealer": "2", "kind": "played", "declarer": "1", "bid": '2"00',
              "meld0": "0", "tricks0": ""}
    row = RowData(number=7, values=values, cells=cells, **fields)
    return str(renderer.rows([row]))


def test_names_ids_and_selection_are_the_forms():
    page = render(stored_fields={})
    for name in ("declarer", "bid", "kind", "dealer", "revoked", "meld0", "tricks2"):
        assert f'name="g7-{name}" id="id_g7-{name}"' in page
    assert '<option value="1" selected>1 Anna Rapp</option>' in page  # declarer
    assert '<option value="2" selected>2 · Anna Rapp</option>' in page  # dealer
    assert 'name="g7-meld0" id="id_g7-meld0" value="0"' in page
    # the paper's order: declarer, bid, kind, then each party's meld and tricks, then dealer
    order = re.findall(r'name="g7-([a-z_0-9]+)"', page)
    assert order == ["declarer", "bid", "bid_ok", "kind", "meld0", "tricks0", "meld1",
                     "tricks1", "meld2", "tricks2", "dealer", "revoked"]


def test_every_text_is_escaped():
    page = render(stored_fields={}, other_device="<script>x</script>",
                  errors={"bid": ["<i>bad</i>"]})
    assert "<b>" not in page and "<script>" not in page and "<i>" not in page
    assert "&lt;b&gt;Hans&lt;/b&gt; &quot;Maier&quot;" in page
    assert 'value="2&quot;00"' in page


def test_stored_values_and_errors_are_marked():
    page = render(stored_fields={"bid": "200", "declarer": "1"}, stored=True,
                  errors={"meld1": ["Gemeldetes muss …"]}, focus="meld1")
    stored = json.loads(html.unescape(re.search(r'data-stored="([^"]*)"', page).group(1)))
    assert stored == {"bid": "200", "declarer": "1"}
    assert 'class="game has-errors stored"' in page
    assert re.search(r'name="g7-meld1"[^>]*aria-invalid="true"[^>]*autofocus', page)
    assert '<ul class="errorlist" id="id_g7-meld1_error"><li>Gemeldetes muss …</li></ul>' in page
    assert '<label class="bid-ok" hidden>' in page
    assert '<label class="bid-ok">' in render(stored_fields={}, unusual_bid=True)
