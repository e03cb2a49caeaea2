"""A whole AKS Heroldstatt round on a phone (issue 26): the sheet has 15 games, no Durch
button, eight Tens in the meld picker, and a lost game gives the others half the bid on top,
in the live points and in what the server stores."""

import pytest
from playwright.sync_api import expect

from scoring.models import Game, PartyScore, ScoreSheet
from scoring.rules import AKS_HEROLDSTATT, RULES
from tests.e2e.scoresheet import fill, link
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sheet():
    event = make_event(slug="heroldstatt", games_per_round=15,
                       rules=RULES[AKS_HEROLDSTATT].as_dict())
    entries = [make_entry(event, n, name) for n, name in
               ((1, "Anna Rapp"), (2, "Otto Walz"), (3, "Hans Maier"))]
    return make_sheet(make_table(make_round(event), entries))


def test_a_whole_aks_round_on_a_phone(live_server, phone, sheet):
    phone.goto(link(live_server, sheet))
    expect(phone.locator("fieldset.game")).to_have_count(15)
    # the kinds of the AKS rules: played and conceded, no Durch
    expect(phone.locator("[name=g1-kind]")).to_have_count(2)
    expect(phone.locator("[name=g1-kind][value=durch]")).to_have_count(0)
    expect(phone.locator("[name=g1-kind][value='durch-open']")).to_have_count(0)
    expect(phone.get_by_text("Durch", exact=True)).to_have_count(0)

    # game 1 lost: 120 + 170 = 290 < 300: −600; the others meld + tricks + 150
    fill(phone, 1, (0, 300, (120, 0, 60), (170, 45, 35)))
    points = phone.locator("#g1 [data-points]")
    expect(points.nth(0)).to_have_text("-600")
    expect(points.nth(1)).to_have_text("200")  # 0 + r(45) + 150
    expect(points.nth(2)).to_have_text("250")  # 60 + r(35) + 150

    # game 2 conceded with the bid out of reach (300 > 40 + 250): −2 × 300
    fill(phone, 2, (1, 300, (0, 40, 20), ("", "", "")))
    phone.locator("[name=g2-kind][value=conceded]").check()
    expect(phone.locator("#g2 [data-points]").nth(1)).to_have_text("-600")

    # game 3: eight Tens tapped in the meld picker count 1000
    phone.locator("#g3 .meld-open").first.click()
    picker = phone.locator("#meld-picker")
    expect(picker.locator("[data-meld=eight_tens]")).to_be_visible()
    expect(picker.locator("[data-meld=double_familie] .meld-points")).to_have_text("1000")
    picker.locator("[data-meld=eight_tens] .meld-more").click()
    expect(picker.locator("[data-meld-total]")).to_have_text("1000")
    picker.locator("[data-meld-apply]").click()
    expect(phone.locator("[name=g3-meld0]")).to_have_value("1000")
    fill(phone, 3, (0, 1000, (1000, 0, 0), (120, 70, 60)))

    # the other twelve games won by the first player
    for number in range(4, 16):
        fill(phone, number, (0, 150, (0, 0, 0), (250, 0, 0)))
    phone.get_by_role("button", name="Speichern und abgeben", exact=True).click()
    expect(phone.locator(".messages")).to_contain_text("abgegeben")

    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SUBMITTED
    assert Game.objects.filter(sheet=sheet).count() == 15
    stored = {
        number: sorted(PartyScore.objects.filter(game__sheet=sheet, game__number=number)
                       .values_list("entry__start_number", "points"))
        for number in (1, 2, 3)
    }
    assert stored[1] == [(1, -600), (2, 200), (3, 250)]
    # conceded 300: the others half the bid (150) + their meld
    assert stored[2] == [(1, 150), (2, -600), (3, 170)]
    # won: 1000 + r(120) = 1120; the others r(tricks)
    assert stored[3] == [(1, 1120), (2, 70), (3, 60)]
