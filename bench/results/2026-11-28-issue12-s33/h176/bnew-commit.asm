TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB) /tmp/s33/h176/repo/cache/decide.go
  decide.go:594		0x601a60		493b6610		CMPQ SP, 0x10(R14)								
  decide.go:594		0x601a64		0f8624050000		JBE 0x601f8e									
  decide.go:594		0x601a6a		55			PUSHQ BP									
  decide.go:594		0x601a6b		4889e5			MOVQ SP, BP									
  decide.go:594		0x601a6e		4883ec38		SUBQ $0x38, SP									
  decide.go:595		0x601a72		488b13			MOVQ 0(BX), DX									
  decide.go:595		0x601a75		488b7308		MOVQ 0x8(BX), SI								
  decide.go:595		0x601a79		488b4b10		MOVQ 0x10(BX), CX								
  decide.go:595		0x601a7d		0f1f00			NOPL 0(AX)									
  decide.go:596		0x601a80		4885d2			TESTQ DX, DX									
  decide.go:596		0x601a83		0f84f9040000		JE 0x601f82									
  decide.go:599		0x601a89		833d0015570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:599		0x601a90		741e			JE 0x601ab0									
  decide.go:599		0x601a92		4c8b4308		MOVQ 0x8(BX), R8								
  decide.go:599		0x601a96		4c8b4b10		MOVQ 0x10(BX), R9								
  decide.go:599		0x601a9a		4c8b13			MOVQ 0(BX), R10									
  decide.go:599		0x601a9d		0f1f00			NOPL 0(AX)									
  decide.go:599		0x601aa0		e8fb04e9ff		CALL runtime.gcWriteBarrier3(SB)						
  decide.go:599		0x601aa5		4d8913			MOVQ R10, 0(R11)								
  decide.go:599		0x601aa8		4d894308		MOVQ R8, 0x8(R11)								
  decide.go:599		0x601aac		4d894b10		MOVQ R9, 0x10(R11)								
  decide.go:596		0x601ab0		4889442448		MOVQ AX, 0x48(SP)								
  decide.go:596		0x601ab5		48895c2450		MOVQ BX, 0x50(SP)								
  decide.go:599		0x601aba		440f113b		MOVUPS X15, 0(BX)								
  decide.go:599		0x601abe		48c7431000000000	MOVQ $0x0, 0x10(BX)								
  decide.go:602		0x601ac6		90			NOPL										
  mutex.go:46		0x601ac7		90			NOPL										
  decide.go:596		0x601ac8		4889c7			MOVQ AX, DI									
  mutex.go:63		0x601acb		31c0			XORL AX, AX									
  mutex.go:63		0x601acd		41b801000000		MOVL $0x1, R8									
  mutex.go:63		0x601ad3		f0440fb102		LOCK CMPXCHGL R8, 0(DX)								
  mutex.go:63		0x601ad8		410f94c0		SETE R8										
  mutex.go:63		0x601adc		0f1f4000		NOPL 0(AX)									
  mutex.go:63		0x601ae0		4584c0			TESTL R8, R8									
  mutex.go:63		0x601ae3		7530			JNE 0x601b15									
  decide.go:595		0x601ae5		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:595		0x601aea		4889742428		MOVQ SI, 0x28(SP)								
  decide.go:595		0x601aef		4889542420		MOVQ DX, 0x20(SP)								
  mutex.go:70		0x601af4		4889d0			MOVQ DX, AX									
  mutex.go:70		0x601af7		e8e47ce9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:604		0x601afc		488b4c2430		MOVQ 0x30(SP), CX								
  type.go:147		0x601b01		488b542420		MOVQ 0x20(SP), DX								
  decide.go:610		0x601b06		488b5c2450		MOVQ 0x50(SP), BX								
  decide.go:609		0x601b0b		488b742428		MOVQ 0x28(SP), SI								
  decide.go:629		0x601b10		488b7c2448		MOVQ 0x48(SP), DI								
  decide.go:604		0x601b15		4885c9			TESTQ CX, CX									
  decide.go:604		0x601b18		7437			JE 0x601b51									
  slots.go:113		0x601b1a		90			NOPL										
  type.go:147		0x601b1b		448b4220		MOVL 0x20(DX), R8								
  type.go:147		0x601b1f		90			NOPL										
  decide.go:604		0x601b20		41f7c0c0000000		TESTL $0xc0, R8									
  decide.go:604		0x601b27		7428			JE 0x601b51									
  decide.go:605		0x601b29		4889d0			MOVQ DX, AX									
  decide.go:605		0x601b2c		4889f3			MOVQ SI, BX									
  decide.go:605		0x601b2f		e88c040000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.lockRefSlow(SB)		
  decide.go:605		0x601b34		4885c0			TESTQ AX, AX									
  decide.go:605		0x601b37		7412			JE 0x601b4b									
  decide.go:629		0x601b39		488b7c2448		MOVQ 0x48(SP), DI								
  decide.go:609		0x601b3e		4889c2			MOVQ AX, DX									
  decide.go:609		0x601b41		4889de			MOVQ BX, SI									
  decide.go:610		0x601b44		488b5c2450		MOVQ 0x50(SP), BX								
  decide.go:605		0x601b49		eb06			JMP 0x601b51									
  decide.go:606		0x601b4b		4883c438		ADDQ $0x38, SP									
  decide.go:606		0x601b4f		5d			POPQ BP										
  decide.go:606		0x601b50		c3			RET										
  decide.go:550		0x601b51		440fb64224		MOVZX 0x24(DX), R8								
  decide.go:550		0x601b56		458d4801		LEAL 0x1(R8), R9								
  decide.go:554		0x601b5a		450fb6d1		MOVZX R9, R10									
  decide.go:550		0x601b5e		44884a24		MOVB R9, 0x24(DX)								
  decide.go:554		0x601b62		440fb64a25		MOVZX 0x25(DX), R9								
  decide.go:554		0x601b67		4d01ca			ADDQ R9, R10									
  decide.go:554		0x601b6a		4983fa40		CMPQ R10, $0x40									
  decide.go:554		0x601b6e		7c16			JL 0x601b86									
  decide.go:555		0x601b70		4183c002		ADDL $0x2, R8									
  decide.go:555		0x601b74		41d0e8			SHRL $0x1, R8									
  decide.go:555		0x601b77		44884224		MOVB R8, 0x24(DX)								
  decide.go:555		0x601b7b		458d4101		LEAL 0x1(R9), R8								
  decide.go:555		0x601b7f		41d0e8			SHRL $0x1, R8									
  decide.go:555		0x601b82		44884225		MOVB R8, 0x25(DX)								
  decide.go:610		0x601b86		48837b1800		CMPQ 0x18(BX), $0x0								
  decide.go:610		0x601b8b		751e			JNE 0x601bab									
  decide.go:611		0x601b8d		90			NOPL										
  mutex.go:65		0x601b8e		90			NOPL										
  mutex.go:194		0x601b8f		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601b94		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601b98		ffcb			DECL BX										
  mutex.go:195		0x601b9a		7409			JE 0x601ba5									
  mutex.go:198		0x601b9c		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601b9f		90			NOPL										
  mutex.go:198		0x601ba0		e81b7fe9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:612		0x601ba5		4883c438		ADDQ $0x38, SP									
  decide.go:612		0x601ba9		5d			POPQ BP										
  decide.go:612		0x601baa		c3			RET										
  decide.go:629		0x601bab		440fb6421e		MOVZX 0x1e(DX), R8								
  decide.go:629		0x601bb0		4183e003		ANDL $0x3, R8									
  decide.go:629		0x601bb4		4180f801		CMPL R8, $0x1									
  decide.go:629		0x601bb8		0f85ad030000		JNE 0x601f6b									
  decide.go:629		0x601bbe		807f7800		CMPB 0x78(DI), $0x0								
  decide.go:629		0x601bc2		0f85a3030000		JNE 0x601f6b									
  decide.go:630		0x601bc8		440fb6421f		MOVZX 0x1f(DX), R8								
  sizecode.go:56	0x601bcd		4183e00f		ANDL $0xf, R8									
  type.go:80		0x601bd1		4e8d0487		LEAQ 0(DI)(R8*4), R8								
  type.go:80		0x601bd5		4d8d80b4000000		LEAQ 0xb4(R8), R8								
  type.go:80		0x601bdc		458b00			MOVL 0(R8), R8									
  decide.go:630		0x601bdf		448b4b20		MOVL 0x20(BX), R9								
  sizecode.go:56	0x601be3		41f7d0			NOTL R8										
  decide.go:630		0x601be6		4539c1			CMPL R9, R8									
  decide.go:630		0x601be9		0f857c030000		JNE 0x601f6b									
  decide.go:631		0x601bef		448b420c		MOVL 0xc(DX), R8								
  decide.go:631		0x601bf3		4c8b5330		MOVQ 0x30(BX), R10								
  decide.go:664		0x601bf7		4d39c2			CMPQ R10, R8									
  decide.go:664		0x601bfa		7507			JNE 0x601c03									
  decide.go:664		0x601bfc		b801000000		MOVL $0x1, AX									
  decide.go:631		0x601c01		eb1d			JMP 0x601c20									
  decide.go:666		0x601c03		4d63c9			MOVSXD R9, R9									
  decide.go:666		0x601c06		4d29c8			SUBQ R9, R8									
  decide.go:666		0x601c09		4d39c2			CMPQ R10, R8									
  decide.go:666		0x601c0c		7504			JNE 0x601c12									
  decide.go:666		0x601c0e		31c0			XORL AX, AX									
  decide.go:631		0x601c10		eb0e			JMP 0x601c20									
  decide.go:631		0x601c12		48c7c0ffffffff		MOVQ $-0x1, AX									
  decide.go:631		0x601c19		0f1f8000000000		NOPL 0(AX)									
  decide.go:631		0x601c20		4885c0			TESTQ AX, AX									
  decide.go:631		0x601c23		0f8c42030000		JL 0x601f6b									
  decide.go:633		0x601c29		448b4324		MOVL 0x24(BX), R8								
  decide.go:633		0x601c2d		4585c0			TESTL R8, R8									
  decide.go:633		0x601c30		0f859d000000		JNE 0x601cd3									
  narrow.go:275		0x601c36		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:275		0x601c3b		0f1f440000		NOPL 0(AX)(AX*1)								
  narrow.go:275		0x601c40		41f6c020		TESTL $0x20, R8									
  narrow.go:275		0x601c44		7543			JNE 0x601c89									
  decide.go:634		0x601c46		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:275		0x601c4a		440fb74a1c		MOVZX 0x1c(DX), R9								
  narrow.go:275		0x601c4f		4d39c8			CMPQ R8, R9									
  narrow.go:275		0x601c52		7735			JA 0x601c89									
  narrow.go:272		0x601c54		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601c57		4c8d1482		LEAQ 0(DX)(AX*4), R10								
  narrow.go:276		0x601c5b		4d8d5210		LEAQ 0x10(R10), R10								
  narrow.go:276		0x601c5f		4d6312			MOVSXD 0(R10), R10								
  narrow.go:276		0x601c62		4d01c2			ADDQ R8, R10									
  narrow.go:276		0x601c65		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:276		0x601c6c		7f1b			JG 0x601c89									
  narrow.go:276		0x601c6e		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:276		0x601c74		4d01c2			ADDQ R8, R10									
  narrow.go:276		0x601c77		660f1f840000000000	NOPW 0(AX)(AX*1)								
  narrow.go:276		0x601c80		4981faffff0000		CMPQ R10, $0xffff								
  narrow.go:276		0x601c87		7e04			JLE 0x601c8d									
  narrow.go:276		0x601c89		31c0			XORL AX, AX									
  decide.go:634		0x601c8b		eb21			JMP 0x601cae									
  narrow.go:279		0x601c8d		4529c1			SUBL R8, R9									
  narrow.go:279		0x601c90		6644894a1c		MOVW R9, 0x1c(DX)								
  narrow.go:280		0x601c95		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601c9a		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:281		0x601ca0		4501c8			ADDL R9, R8									
  narrow.go:281		0x601ca3		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601ca9		b801000000		MOVL $0x1, AX									
  decide.go:634		0x601cae		84c0			TESTL AL, AL									
  decide.go:634		0x601cb0		0f84b5020000		JE 0x601f6b									
  decide.go:635		0x601cb6		90			NOPL										
  mutex.go:65		0x601cb7		90			NOPL										
  mutex.go:194		0x601cb8		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601cbd		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601cc1		ffcb			DECL BX										
  mutex.go:195		0x601cc3		7408			JE 0x601ccd									
  mutex.go:198		0x601cc5		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601cc8		e8f37de9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:636		0x601ccd		4883c438		ADDQ $0x38, SP									
  decide.go:636		0x601cd1		5d			POPQ BP										
  decide.go:636		0x601cd2		c3			RET										
  decide.go:638		0x601cd3		440fb64e1e		MOVZX 0x1e(SI), R9								
  decide.go:638		0x601cd8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:638		0x601ce0		4180f902		CMPL R9, $0x2									
  decide.go:638		0x601ce4		0f8281020000		JB 0x601f6b									
  decide.go:638		0x601cea		448b5328		MOVL 0x28(BX), R10								
  decide.go:638		0x601cee		4585d2			TESTL R10, R10									
  decide.go:638		0x601cf1		0f8569010000		JNE 0x601e60									
  decide.go:638		0x601cf7		807e1d00		CMPB 0x1d(SI), $0x0								
  decide.go:638		0x601cfb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:638		0x601d00		0f844c010000		JE 0x601e52									
  decide.go:639		0x601d06		440fb6421f		MOVZX 0x1f(DX), R8								
  decide.go:639		0x601d0b		41c0e804		SHRL $0x4, R8									
  sizecode.go:56	0x601d0f		4183e00f		ANDL $0xf, R8									
  type.go:80		0x601d13		4e8d0487		LEAQ 0(DI)(R8*4), R8								
  type.go:80		0x601d17		4d8d80b4000000		LEAQ 0xb4(R8), R8								
  type.go:80		0x601d1e		458b00			MOVL 0(R8), R8									
  decide.go:639		0x601d21		448b4b24		MOVL 0x24(BX), R9								
  sizecode.go:56	0x601d25		41f7d0			NOTL R8										
  decide.go:639		0x601d28		4539c1			CMPL R9, R8									
  decide.go:639		0x601d2b		0f853a020000		JNE 0x601f6b									
  decide.go:640		0x601d31		448b4620		MOVL 0x20(SI), R8								
  decide.go:640		0x601d35		4c8b5338		MOVQ 0x38(BX), R10								
  decide.go:664		0x601d39		4d39c2			CMPQ R10, R8									
  decide.go:664		0x601d3c		7507			JNE 0x601d45									
  decide.go:664		0x601d3e		b901000000		MOVL $0x1, CX									
  decide.go:640		0x601d43		eb1b			JMP 0x601d60									
  decide.go:666		0x601d45		4d63c9			MOVSXD R9, R9									
  decide.go:666		0x601d48		4d29c8			SUBQ R9, R8									
  decide.go:666		0x601d4b		4d39c2			CMPQ R10, R8									
  decide.go:666		0x601d4e		7504			JNE 0x601d54									
  decide.go:666		0x601d50		31c9			XORL CX, CX									
  decide.go:640		0x601d52		eb0c			JMP 0x601d60									
  decide.go:640		0x601d54		48c7c1ffffffff		MOVQ $-0x1, CX									
  decide.go:640		0x601d5b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:640		0x601d60		4885c9			TESTQ CX, CX									
  decide.go:640		0x601d63		0f8ca4000000		JL 0x601e0d									
  decide.go:640		0x601d69		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:301		0x601d6d		4989c9			MOVQ CX, R9									
  narrow.go:301		0x601d70		83e101			ANDL $0x1, CX									
  narrow.go:302		0x601d73		4c8d148e		LEAQ 0(SI)(CX*4), R10								
  narrow.go:302		0x601d77		4d8d5224		LEAQ 0x24(R10), R10								
  narrow.go:302		0x601d7b		4d6312			MOVSXD 0(R10), R10								
  narrow.go:302		0x601d7e		4d01c2			ADDQ R8, R10									
  narrow.go:302		0x601d81		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:302		0x601d88		7f7f			JG 0x601e09									
  narrow.go:302		0x601d8a		440fb7544e2c		MOVZX 0x2c(SI)(CX*2), R10							
  narrow.go:302		0x601d90		4d01c2			ADDQ R8, R10									
  narrow.go:302		0x601d93		4981faffff0000		CMPQ R10, $0xffff								
  decide.go:640		0x601d9a		7f69			JG 0x601e05									
  narrow.go:275		0x601d9c		440fb6521e		MOVZX 0x1e(DX), R10								
  narrow.go:275		0x601da1		41f6c220		TESTL $0x20, R10								
  narrow.go:275		0x601da5		7536			JNE 0x601ddd									
  narrow.go:275		0x601da7		440fb7521c		MOVZX 0x1c(DX), R10								
  narrow.go:275		0x601dac		4d39d0			CMPQ R8, R10									
  narrow.go:275		0x601daf		772c			JA 0x601ddd									
  narrow.go:272		0x601db1		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601db4		4c8d1c82		LEAQ 0(DX)(AX*4), R11								
  narrow.go:276		0x601db8		4d8d5b10		LEAQ 0x10(R11), R11								
  narrow.go:276		0x601dbc		4d631b			MOVSXD 0(R11), R11								
  narrow.go:276		0x601dbf		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601dc2		4981fbffffff7f		CMPQ R11, $0x7fffffff								
  narrow.go:276		0x601dc9		7f12			JG 0x601ddd									
  narrow.go:276		0x601dcb		440fb75c4218		MOVZX 0x18(DX)(AX*2), R11							
  narrow.go:276		0x601dd1		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601dd4		4981fbffff0000		CMPQ R11, $0xffff								
  narrow.go:276		0x601ddb		7e05			JLE 0x601de2									
  narrow.go:276		0x601ddd		31c0			XORL AX, AX									
  narrow.go:276		0x601ddf		90			NOPL										
  decide.go:640		0x601de0		eb30			JMP 0x601e12									
  narrow.go:279		0x601de2		4529c2			SUBL R8, R10									
  narrow.go:279		0x601de5		664489521c		MOVW R10, 0x1c(DX)								
  narrow.go:280		0x601dea		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601def		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:281		0x601df5		4501d0			ADDL R10, R8									
  narrow.go:281		0x601df8		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601dfe		b801000000		MOVL $0x1, AX									
  decide.go:640		0x601e03		eb0d			JMP 0x601e12									
  decide.go:640		0x601e05		31c0			XORL AX, AX									
  decide.go:640		0x601e07		eb09			JMP 0x601e12									
  decide.go:640		0x601e09		31c0			XORL AX, AX									
  narrow.go:302		0x601e0b		eb05			JMP 0x601e12									
  narrow.go:307		0x601e0d		4989c9			MOVQ CX, R9									
  narrow.go:307		0x601e10		31c0			XORL AX, AX									
  decide.go:640		0x601e12		84c0			TESTL AL, AL									
  decide.go:640		0x601e14		0f8451010000		JE 0x601f6b									
  decide.go:641		0x601e1a		488b4b18		MOVQ 0x18(BX), CX								
  narrow.go:307		0x601e1e		4183e101		ANDL $0x1, R9									
  narrow.go:308		0x601e22		42014c8e24		ADDL CX, 0x24(SI)(R9*4)								
  narrow.go:309		0x601e27		420fb77c4e2c		MOVZX 0x2c(SI)(R9*2), DI							
  narrow.go:309		0x601e2d		01f9			ADDL DI, CX									
  narrow.go:309		0x601e2f		6642894c4e2c		MOVW CX, 0x2c(SI)(R9*2)								
  decide.go:642		0x601e35		90			NOPL										
  mutex.go:65		0x601e36		90			NOPL										
  mutex.go:194		0x601e37		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601e3c		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601e40		ffcb			DECL BX										
  mutex.go:195		0x601e42		7408			JE 0x601e4c									
  mutex.go:198		0x601e44		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601e47		e8747ce9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:643		0x601e4c		4883c438		ADDQ $0x38, SP									
  decide.go:643		0x601e50		5d			POPQ BP										
  decide.go:643		0x601e51		c3			RET										
  decide.go:638		0x601e52		4180f902		CMPL R9, $0x2									
  decide.go:638		0x601e56		eb0c			JMP 0x601e64									
  decide.go:638		0x601e58		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:638		0x601e60		4180f902		CMPL R9, $0x2									
  decide.go:646		0x601e64		0f8201010000		JB 0x601f6b									
  decide.go:638		0x601e6a		4585d2			TESTL R10, R10									
  decide.go:646		0x601e6d		0f85f8000000		JNE 0x601f6b									
  decide.go:647		0x601e73		4c8b4e08		MOVQ 0x8(SI), R9								
  decide.go:647		0x601e77		458b11			MOVL 0(R9), R10									
  decide.go:647		0x601e7a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:647		0x601e80		4539c2			CMPL R10, R8									
  decide.go:647		0x601e83		0f85e2000000		JNE 0x601f6b									
  decide.go:648		0x601e89		4c8b4338		MOVQ 0x38(BX), R8								
  counter.go:83		0x601e8d		4d8b5908		MOVQ 0x8(R9), R11								
  counter.go:83		0x601e91		4d39c3			CMPQ R11, R8									
  counter.go:83		0x601e94		7507			JNE 0x601e9d									
  counter.go:83		0x601e96		b901000000		MOVL $0x1, CX									
  decide.go:648		0x601e9b		eb16			JMP 0x601eb3									
  counter.go:85		0x601e9d		4d63d2			MOVSXD R10, R10									
  counter.go:85		0x601ea0		4d29d3			SUBQ R10, R11									
  counter.go:85		0x601ea3		4d39d8			CMPQ R8, R11									
  counter.go:85		0x601ea6		7504			JNE 0x601eac									
  counter.go:85		0x601ea8		31c9			XORL CX, CX									
  decide.go:648		0x601eaa		eb07			JMP 0x601eb3									
  decide.go:648		0x601eac		48c7c1ffffffff		MOVQ $-0x1, CX									
  decide.go:648		0x601eb3		4885c9			TESTQ CX, CX									
  decide.go:648		0x601eb6		7c78			JL 0x601f30									
  narrow.go:275		0x601eb8		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:275		0x601ebd		0f1f00			NOPL 0(AX)									
  narrow.go:275		0x601ec0		41f6c020		TESTL $0x20, R8									
  narrow.go:275		0x601ec4		7543			JNE 0x601f09									
  decide.go:648		0x601ec6		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:275		0x601eca		440fb7521c		MOVZX 0x1c(DX), R10								
  narrow.go:275		0x601ecf		4d39d0			CMPQ R8, R10									
  narrow.go:275		0x601ed2		7735			JA 0x601f09									
  narrow.go:272		0x601ed4		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601ed7		4c8d1c82		LEAQ 0(DX)(AX*4), R11								
  narrow.go:276		0x601edb		4d8d5b10		LEAQ 0x10(R11), R11								
  narrow.go:276		0x601edf		4d631b			MOVSXD 0(R11), R11								
  narrow.go:276		0x601ee2		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601ee5		4981fbffffff7f		CMPQ R11, $0x7fffffff								
  narrow.go:276		0x601eec		7f1b			JG 0x601f09									
  narrow.go:276		0x601eee		440fb75c4218		MOVZX 0x18(DX)(AX*2), R11							
  narrow.go:276		0x601ef4		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601ef7		660f1f840000000000	NOPW 0(AX)(AX*1)								
  narrow.go:276		0x601f00		4981fbffff0000		CMPQ R11, $0xffff								
  narrow.go:276		0x601f07		7e04			JLE 0x601f0d									
  narrow.go:276		0x601f09		31c0			XORL AX, AX									
  decide.go:648		0x601f0b		eb25			JMP 0x601f32									
  narrow.go:279		0x601f0d		4529c2			SUBL R8, R10									
  narrow.go:279		0x601f10		664489521c		MOVW R10, 0x1c(DX)								
  narrow.go:280		0x601f15		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601f1a		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:281		0x601f20		4501d0			ADDL R10, R8									
  narrow.go:281		0x601f23		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601f29		b801000000		MOVL $0x1, AX									
  decide.go:648		0x601f2e		eb02			JMP 0x601f32									
  decide.go:648		0x601f30		31c0			XORL AX, AX									
  decide.go:648		0x601f32		84c0			TESTL AL, AL									
  decide.go:648		0x601f34		7435			JE 0x601f6b									
  counter.go:42		0x601f36		4883f902		CMPQ CX, $0x2									
  counter.go:42		0x601f3a		734c			JAE 0x601f88									
  decide.go:649		0x601f3c		488b7318		MOVQ 0x18(BX), SI								
  counter.go:42		0x601f40		490174c920		ADDQ SI, 0x20(R9)(CX*8)								
  counter.go:43		0x601f45		490174c910		ADDQ SI, 0x10(R9)(CX*8)								
  decide.go:650		0x601f4a		90			NOPL										
  mutex.go:65		0x601f4b		90			NOPL										
  mutex.go:194		0x601f4c		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601f51		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601f55		ffcb			DECL BX										
  mutex.go:195		0x601f57		740c			JE 0x601f65									
  mutex.go:198		0x601f59		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601f5c		0f1f4000		NOPL 0(AX)									
  mutex.go:198		0x601f60		e85b7be9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:651		0x601f65		4883c438		ADDQ $0x38, SP									
  decide.go:651		0x601f69		5d			POPQ BP										
  decide.go:651		0x601f6a		c3			RET										
  decide.go:658		0x601f6b		4889f8			MOVQ DI, AX									
  decide.go:658		0x601f6e		4889f1			MOVQ SI, CX									
  decide.go:658		0x601f71		4889df			MOVQ BX, DI									
  decide.go:658		0x601f74		4889d3			MOVQ DX, BX									
  decide.go:658		0x601f77		e804030000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).commitLocked(SB)	
  decide.go:659		0x601f7c		4883c438		ADDQ $0x38, SP									
  decide.go:659		0x601f80		5d			POPQ BP										
  decide.go:659		0x601f81		c3			RET										
  decide.go:597		0x601f82		4883c438		ADDQ $0x38, SP									
  decide.go:597		0x601f86		5d			POPQ BP										
  decide.go:597		0x601f87		c3			RET										
  counter.go:42		0x601f88		e89303e9ff		CALL runtime.panicBounds(SB)							
  counter.go:42		0x601f8d		90			NOPL										
  decide.go:594		0x601f8e		4889442408		MOVQ AX, 0x8(SP)								
  decide.go:594		0x601f93		48895c2410		MOVQ BX, 0x10(SP)								
  decide.go:594		0x601f98		e8e3e4e8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:594		0x601f9d		488b442408		MOVQ 0x8(SP), AX								
  decide.go:594		0x601fa2		488b5c2410		MOVQ 0x10(SP), BX								
  decide.go:594		0x601fa7		e9b4faffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB)	
