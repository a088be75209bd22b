// Package update is the update views: /update (the index), /update/critic
// (the value loss and its clipping band) and /update/actor (the policy
// loss, its ratio and clip), with their charts, questions and verify.py,
// built on the playground's scenario (package play). Tests: package
// update_test, through web/webtest.
package update
