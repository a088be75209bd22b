package course

// Names the package's external tests (package course_test) read, unexported
// in the package itself.
const (
	ChoiceLetters = choiceLetters
	DiagramShape  = diagramShape
)

var (
	DiagramSteps    = diagramSteps
	ProgressKeys    = progressKeys
	BatchHiddenBy   = batchHiddenBy
	BatchGiveaways  = batchGiveaways
	FillCells       = fillCells
	LessonQuestions = lessonQuestions
	ProgressBit     = progressBit
	QuizBank        = quizBank
	QuizLessons     = quizLessons
	DecodeProgress  = decodeProgress
	QuizPick        = quizPick
)

type (
	PredictOutcome = predictOutcome
	Progress       = progress
	QuizItem       = quizItem
)
