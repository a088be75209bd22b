package i18n

// The final test's data (issue 25, error 1): each number or sign question
// shows its scenario's table, with the cells it asks hidden.
var enQuizData = map[string]string{
	"quiz.data_caption": "The data of question %[1]d, as verl computes it",
	"quiz.data_note":    "The cells marked ? are the ones the question asks for (or that would give the answer away).",
}
