"""An event's phase (``tournament.selectors.phase.event_phase``), and what the services allow in
each (table-driven over the phases: ``tests.tournament.plans.event_at``)."""

import pytest

from tests.tournament.plans import STAGES, event_at
from tournament.members import Member
from tournament.selectors.phase import Phase, event_phase
from tournament.services import (
    PlanError,
    PlanLocked,
    RegistrationClosed,
    discard_plan,
    generate_plan,
    register_entry,
)
from tournament.services.lifecycle import EVENT_FINISHED_MESSAGE

pytestmark = pytest.mark.django_db

# stage: phase, plan exists, locked, rounds started, finished
PHASES = {
    "preparation": (Phase.PREPARATION, False, False, 0, False),
    "plan": (Phase.PLAN, True, False, 0, False),
    "released": (Phase.RUNNING, True, False, 1, False),
    "closed": (Phase.RUNNING, True, False, 1, False),
    "scored": (Phase.RUNNING, True, True, 2, False),
    "finished": (Phase.FINISHED, True, True, 2, True),
}


def test_every_stage_has_its_phase():
    assert list(PHASES) == STAGES
    assert {phase for phase, *_rest in PHASES.values()} == set(Phase)


@pytest.mark.parametrize("stage", STAGES)
def test_the_phase_of_each_stage(stage):
    phase = event_phase(event_at(stage))
    assert (
        phase.phase, phase.plan_exists, phase.locked, phase.started_rounds, phase.finished
    ) == PHASES[stage]


def test_the_phases_are_ordered():
    assert Phase.PREPARATION < Phase.PLAN < Phase.RUNNING < Phase.FINISHED


@pytest.mark.parametrize("lock", [False, True])
def test_a_phase_asked_with_a_lock_says_the_same(lock):
    event = event_at("scored")
    assert event_phase(event, lock=lock).started_rounds == 2


WRITES = {
    "register": lambda event: register_entry(event=event, members=[Member(name="Neu")]),
    "generate": lambda event: generate_plan(event=event, seed=2),
    "discard": lambda event: discard_plan(event=event),
}
# stage: how registering an entry, generating the plan anew and discarding it are refused
# (None: allowed); a finished event refuses each with the message of a finished event
ALLOWED = {
    "preparation": (None, None, PlanError),  # no plan to discard
    "plan": (RegistrationClosed, None, None),
    "released": (RegistrationClosed, None, None),
    "closed": (RegistrationClosed, None, None),
    "scored": (RegistrationClosed, PlanLocked, PlanLocked),
    "finished": (RegistrationClosed, PlanLocked, PlanLocked),
}


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("write", list(WRITES))
def test_what_the_services_allow_in_each_phase(stage, write):
    expected = ALLOWED[stage][list(WRITES).index(write)]
    event = event_at(stage)
    if expected is None:
        WRITES[write](event)
        return
    with pytest.raises(expected) as refused:
        WRITES[write](event)
    assert (refused.value.message.msgid == EVENT_FINISHED_MESSAGE) is (stage == "finished")
